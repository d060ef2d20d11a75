import { storefront } from '@commerce/contracts';
import { presentTemplate } from './templates.presenter';

describe('presentTemplate', () => {
  it("renders the record's fields, timestamps in the store's zone with its offset", () => {
    const template = storefront.Template.fromPartial({
      id: 12,
      name: 'About us',
      permalink: 'about-us',
      content: '<p>{{ store.name }}</p>',
      kind: 'custom',
      created_at: new Date('2026-03-01T15:00:00Z'),
      updated_at: new Date('2026-07-01T15:00:00Z'),
    });
    expect(presentTemplate(template, 'Europe/Paris')).toEqual({
      id: 12,
      name: 'About us',
      permalink: 'about-us',
      content: '<p>{{ store.name }}</p>',
      kind: 'custom',
      created_at: '2026-03-01T16:00:00+01:00',
      updated_at: '2026-07-01T17:00:00+02:00',
    });
  });
});
