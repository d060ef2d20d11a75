import './tracing';
import { ServiceHost } from '@commerce/service-host';
import { loadCatalogConfig } from './config';
import { startCatalogService } from './service';

void ServiceHost.run(() => startCatalogService(loadCatalogConfig()));
