import './tracing';
import { ServiceHost } from '@commerce/service-host';
import { loadOrdersConfig } from './config';
import { startOrdersService } from './service';

void ServiceHost.run(() => startOrdersService(loadOrdersConfig()));
