import type { Collection } from '@commerce/persistence';
import type { EmailKind } from '../domain/email-kinds';

/** A store's own template of a kind; a kind it never changed has none (the platform's default applies). */
export interface TemplateDocument {
  [key: string]: unknown;
  store_id: number;
  kind: EmailKind;
  subject: string;
  body: string;
  updated_at: Date;
}

export class TemplateRepository {
  static readonly collection = 'email_templates';

  constructor(private readonly templates: Collection<TemplateDocument>) {}

  ofStore(storeId: number): Promise<TemplateDocument[]> {
    return this.templates.find({ store_id: storeId });
  }

  find(storeId: number, kind: EmailKind): Promise<TemplateDocument | null> {
    return this.templates.findOne({ store_id: storeId, kind });
  }

  async save(template: TemplateDocument): Promise<void> {
    const { store_id, kind, ...fields } = template;
    await this.templates.updateOne({ store_id, kind }, { $set: fields }, { upsert: true });
  }

  /** Puts the platform's default back. */
  async remove(storeId: number, kind: EmailKind): Promise<void> {
    await this.templates.deleteOne({ store_id: storeId, kind });
  }
}
