import type { Router } from 'express';
import type { BackendClients } from '../../../clients';

/** Products, variants and collections (spec 4.6-4.8), routed to the catalog service. */
export function catalogRoutes(_router: Router, _clients: BackendClients): void {}
