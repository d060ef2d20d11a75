import './tracing';
import { ServiceHost } from '@commerce/service-host';
import { loadIdentityConfig } from './config';
import { startIdentityService } from './service';

void ServiceHost.run(() => startIdentityService(loadIdentityConfig()));
