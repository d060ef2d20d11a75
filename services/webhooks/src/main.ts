import './tracing';
import { ServiceHost } from '@commerce/service-host';
import { loadWebhooksConfig } from './config';
import { startWebhooksService } from './service';

void ServiceHost.run(() => startWebhooksService(loadWebhooksConfig()));
