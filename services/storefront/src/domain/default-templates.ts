import type { TemplateKind } from './template';

/** A template every store starts with (spec 2.8): one per kind but `custom`. */
export interface DefaultTemplate {
  kind: Exclude<TemplateKind, 'custom'>;
  name: string;
  permalink: string;
  content: string;
}

// A grid of product cards; the home and collection templates share it (an owner's copy may differ).
const PRODUCT_GRID = `{% if products.size > 0 %}
<ul class="product-grid">
  {% for product in products %}
  <li class="product-card" data-product-id="{{ product.id }}">
    <a href="{{ product.url }}">
      {% if product.image %}<img src="{{ product.image.medium }}" alt="{{ product.name }}" loading="lazy">{% else %}<div class="no-photo"></div>{% endif %}
      <div class="info">
        <p class="name">{{ product.name }}</p>
        <span class="price">{% if product.has_price_range %}From {{ product.min_cents | money }}{% else %}{{ product.cents | money }}{% endif %}</span>
        {% if product.coming_soon %}<span class="badge">Coming soon</span>{% elsif product.sold_out %}<span class="badge sold-out">Sold out</span>{% elsif product.on_sale %}<span class="badge sale">On sale</span>{% endif %}
      </div>
    </a>
  </li>
  {% endfor %}
</ul>
{% if pagination.pages > 1 %}
<nav class="pagination">
  {% if pagination.previous_url %}<a href="{{ pagination.previous_url }}" rel="prev">&larr; Previous</a>{% endif %}
  <span>Page {{ pagination.page }} of {{ pagination.pages }}</span>
  {% if pagination.next_url %}<a href="{{ pagination.next_url }}" rel="next">Next &rarr;</a>{% endif %}
</nav>
{% endif %}
{% else %}
<p class="empty">No products here yet.</p>
{% endif %}`;

const HOME = `{% if store.description != blank %}<section class="intro">{{ store.description | paragraphs }}</section>{% endif %}
<h1>Products</h1>
${PRODUCT_GRID}
`;

const COLLECTION = `<h1>{{ collection.name }}</h1>
{% if collection.description != blank %}{{ collection.description | paragraphs }}{% endif %}
${PRODUCT_GRID}
`;

const PRODUCT = `<article class="product" data-product-id="{{ product.id }}">
  <div class="photos">
    {% if product.image %}<img src="{{ product.image.large }}" alt="{{ product.name }}">{% else %}<div class="no-photo" style="aspect-ratio:1;background:#f0f0f0;border-radius:10px"></div>{% endif %}
    {% if product.photos.size > 1 %}<div class="thumbs">{% for photo in product.photos %}<a href="{{ photo.large }}"><img src="{{ photo['64sq'] }}" alt="{{ product.name }} photo {{ forloop.index }}"></a>{% endfor %}</div>{% endif %}
  </div>
  <div class="details">
    <h1>{{ product.name }}</h1>
    <p class="price" id="product-price">{% if product.has_price_range %}{{ product.min_cents | money }} – {{ product.max_cents | money }}{% else %}{{ product.cents | money }}{% endif %}
      {% if product.on_sale %}<span class="badge sale">On sale</span>{% endif %}</p>
    {% if product.coming_soon %}
    <p class="notice">Coming soon.</p>
    {% elsif product.available %}
    <form method="post" action="{{ base }}/cart" class="add-to-cart" id="add-to-cart-form">
      <input type="hidden" name="csrf_token" value="{{ csrf_token }}">
      <input type="hidden" name="action" value="add">
      {% if product.variants.size > 1 %}
      <div class="field">
        <label for="variant_id">Option</label>
        <select name="variant_id" id="variant_id">
          {% for variant in product.variants %}<option value="{{ variant.id }}"{% unless variant.available %} disabled{% endunless %}{% if variant.id == product.default_variant.id %} selected{% endif %}>{{ variant.name }} — {{ variant.cents | money }}{% unless variant.available %} (sold out){% endunless %}</option>{% endfor %}
        </select>
      </div>
      {% else %}
      <input type="hidden" name="variant_id" value="{{ product.default_variant.id }}">
      {% endif %}
      <div class="field">
        <label for="quantity">Quantity</label>
        <input type="number" name="quantity" id="quantity" value="1" min="1">
      </div>
      <button type="submit" id="add-to-cart">Add to cart</button>
    </form>
    <p class="stock" id="product-stock">{{ product.in_stock }} in stock</p>
    {% else %}
    <p class="notice" id="sold-out">Sold out</p>
    {% endif %}
    {% if product.description != blank %}<div class="description">{{ product.description | paragraphs }}</div>{% endif %}
    {% if product.collections.size > 0 %}<p>In: {% for collection in product.collections %}<a href="{{ collection.url }}">{{ collection.name }}</a>{% unless forloop.last %}, {% endunless %}{% endfor %}</p>{% endif %}
  </div>
</article>
`;

const CONTACT = `<h1>Contact</h1>
<p>Questions about an order or a product? We're happy to help.</p>
<ul class="contact">
  {% if store.support_email != blank %}<li>Email: <a href="mailto:{{ store.support_email }}">{{ store.support_email }}</a></li>{% endif %}
  {% if store.phone != blank %}<li>Phone: {{ store.phone }}</li>{% endif %}
  {% if store.location != blank %}<li>Location: {{ store.location }}</li>{% endif %}
</ul>
{% if store.return_address != blank %}<h2>Returns</h2><address>{{ store.return_address | paragraphs }}</address>{% endif %}
`;

const FAQ = `<h1>Frequently asked questions</h1>
<h2>When will my order ship?</h2>
<p>Orders usually ship within a few business days. You'll receive an email when yours is on its way.</p>
<h2>Can I return an item?</h2>
<p>Yes — get in touch through our <a href="{{ links.contact }}">contact page</a> and we'll sort it out.</p>
<h2>How do I pay?</h2>
<p>Pay securely at checkout; your order is confirmed as soon as the payment goes through.</p>
`;

const MAINTENANCE = `<div class="maintenance" id="maintenance" style="text-align:center;padding:48px 0">
  <h1>{{ store.name }} is closed for now</h1>
  <p>We're making some changes. Please check back soon!</p>
  {% if store.support_email != blank %}<p>Questions? <a href="mailto:{{ store.support_email }}">{{ store.support_email }}</a></p>{% endif %}
</div>
`;

/**
 * The six defaults (Home, Collection, Product, Contact, FAQ, Maintenance). Their Liquid uses the variables the page
 * renderer provides (docs/buyer-site.md); the product page's form is the gateway's cart contract.
 */
export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = [
  { kind: 'home', name: 'Home', permalink: 'home', content: HOME },
  { kind: 'collection', name: 'Collection', permalink: 'collection', content: COLLECTION },
  { kind: 'product', name: 'Product', permalink: 'product', content: PRODUCT },
  { kind: 'contact', name: 'Contact', permalink: 'contact', content: CONTACT },
  { kind: 'faq', name: 'FAQ', permalink: 'faq', content: FAQ },
  { kind: 'maintenance', name: 'Maintenance', permalink: 'maintenance', content: MAINTENANCE },
];
