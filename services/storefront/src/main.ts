import { ServiceHost } from '@commerce/service-host';
import { loadStorefrontConfig } from './config';
import { startStorefrontService } from './service';

void ServiceHost.run(async () => {
  await startStorefrontService(loadStorefrontConfig());
});
