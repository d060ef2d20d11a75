import './tracing';
import { ServiceHost } from '@commerce/service-host';
import { loadNotificationsConfig } from './config';
import { startNotificationsService } from './service';

void ServiceHost.run(() => startNotificationsService(loadNotificationsConfig()));
