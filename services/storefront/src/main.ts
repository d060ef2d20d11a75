import './tracing';
import { ServiceHost } from '@commerce/service-host';
import { loadStorefrontConfig } from './config';
import { startStorefrontService } from './service';

void ServiceHost.run(() => startStorefrontService(loadStorefrontConfig()));
