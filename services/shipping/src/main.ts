import './tracing';
import { ServiceHost } from '@commerce/service-host';
import { loadShippingConfig } from './config';
import { startShippingService } from './service';

void ServiceHost.run(() => startShippingService(loadShippingConfig()));
