import './tracing';
import { ServiceHost } from '@commerce/service-host';
import { loadMediaConfig } from './config';
import { startMediaService } from './service';

void ServiceHost.run(() => startMediaService(loadMediaConfig()));
