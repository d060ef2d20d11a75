import { ServiceHost } from '@commerce/service-host';
import { loadIdentityConfig } from './config';
import { startIdentityService } from './service';

void ServiceHost.run(async () => {
  await startIdentityService(loadIdentityConfig());
});
