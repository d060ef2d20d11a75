/** The few fields of the API's answers (docs/api-conventions.md#responses, as the gateway renders them) the demo reads. */
export interface StoreRecord {
  id: number;
  name: string;
  subdomain: string;
  url: string;
  custom_domain: string | null;
}

export interface ProductRecord {
  id: number;
  variants: Array<{ variant: { id: number } }>;
}

export interface IdRecord {
  id: number;
}

export interface OrderRecord {
  id: number;
  status: string;
  discount_code: string | null;
  items: Array<{ item: { id: number } }>;
}
