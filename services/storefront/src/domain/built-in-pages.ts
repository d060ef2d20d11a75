/** The page markup the platform writes itself, beside the store's own templates. */
export type BuiltInPageName = 'layout' | 'cart' | 'checkout' | 'confirmation' | 'not_found' | 'error' | 'unknown_store';

// The platform's own pages of every buyer site, in Liquid with the variables of docs/buyer-site.md: the default
// layout, and the pages a store has no template for (cart, checkout, confirmation, not found, error). The forms
// are the gateway's contract: field names and actions must stay as they are.

const BASE_STYLES = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#fafafa}
a{color:#0b5cad;text-decoration:none}a:hover{text-decoration:underline}
.site-header{background:#fff;border-bottom:1px solid #e6e6e6}
.site-header .inner,.site-main,.site-footer .inner{max-width:1080px;margin:0 auto;padding:0 20px}
.site-header .inner{display:flex;align-items:center;justify-content:space-between;gap:16px;min-height:64px;flex-wrap:wrap}
.site-name{font-size:1.35rem;font-weight:700;color:#1d1d1f}
.site-nav{display:flex;gap:18px;flex-wrap:wrap;align-items:center}
.cart-link{font-weight:600}
.site-main{padding-top:28px;padding-bottom:48px;min-height:60vh}
.site-footer{border-top:1px solid #e6e6e6;background:#fff;color:#666;font-size:.9rem}
.site-footer .inner{padding-top:18px;padding-bottom:18px;display:flex;justify-content:space-between;flex-wrap:wrap;gap:8px}
h1{font-size:1.9rem;line-height:1.2;margin:0 0 .6em}
.product-grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(210px,1fr));gap:22px}
.product-card{background:#fff;border:1px solid #ececec;border-radius:10px;overflow:hidden}
.product-card a{display:block;color:inherit}
.product-card img,.product-card .no-photo{display:block;width:100%;aspect-ratio:1;object-fit:cover;background:#f0f0f0}
.product-card .info{padding:12px 14px}
.product-card .name{font-weight:600;margin:0 0 4px}
.price{font-weight:600}
.badge{display:inline-block;font-size:.75rem;padding:2px 8px;border-radius:99px;background:#eee;color:#444;margin-left:6px}
.badge.sold-out{background:#fde8e8;color:#9b1c1c}.badge.sale{background:#e6f4ea;color:#1e6b34}
.pagination{display:flex;gap:14px;align-items:center;justify-content:center;margin-top:28px}
.product{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:36px}
@media (max-width:760px){.product{grid-template-columns:1fr}}
.product .photos img{width:100%;border-radius:10px;background:#f0f0f0}
.product .thumbs{display:flex;gap:8px;margin-top:8px}.product .thumbs img{width:64px;height:64px;object-fit:cover;border-radius:6px}
form .field{margin-bottom:14px}
label{display:block;font-weight:600;font-size:.9rem;margin-bottom:4px}
input[type=text],input[type=email],input[type=number],select,textarea{width:100%;padding:9px 11px;border:1px solid #cfcfcf;border-radius:7px;font:inherit;background:#fff}
input[type=number]{max-width:110px}
button,.button{display:inline-block;background:#1d1d1f;color:#fff;border:0;border-radius:8px;padding:11px 20px;font:inherit;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#1d1d1f;border:1px solid #cfcfcf;padding:7px 12px}
.notice{padding:12px 16px;border-radius:8px;background:#fff7e0;border:1px solid #f2d48a;margin-bottom:18px}
.error-summary{padding:12px 16px;border-radius:8px;background:#fdecec;border:1px solid #f3b3b3;color:#8a1c1c;margin-bottom:18px}
.field-error{color:#b42318;font-size:.85rem;margin-top:4px}
table.lines{width:100%;border-collapse:collapse;background:#fff}
table.lines th,table.lines td{padding:10px;border-bottom:1px solid #eee;text-align:left;vertical-align:middle}
table.lines td.num,table.lines th.num{text-align:right}
table.lines form{display:inline-flex;gap:6px;align-items:center}
.totals{max-width:360px;margin-left:auto;margin-top:16px}.totals div{display:flex;justify-content:space-between;padding:4px 0}
.totals .total{font-weight:700;font-size:1.1rem;border-top:1px solid #ddd;margin-top:6px;padding-top:8px}
.checkout{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:36px}
@media (max-width:760px){.checkout{grid-template-columns:1fr}}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
`;

const LAYOUT = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{% if page.title != blank %}{{ page.title }} · {% endif %}{{ store.name }}</title>
<style>${BASE_STYLES}</style>
{% if store %}<link rel="stylesheet" href="{{ links.css }}">{% endif %}
</head>
<body class="page-{{ page.kind }}">
<header class="site-header"><div class="inner">
  <a class="site-name" href="{{ links.home }}">{{ store.name }}</a>
  {% if store %}<nav class="site-nav">
    <a href="{{ links.home }}">Products</a>
    {% for collection in collections %}<a href="{{ collection.url }}">{{ collection.name }}</a>{% endfor %}
    {% for custom in pages %}<a href="{{ custom.url }}">{{ custom.name }}</a>{% endfor %}
    <a href="{{ links.contact }}">Contact</a>
    <a class="cart-link" id="cart-link" href="{{ links.cart }}">Cart (<span id="cart-count">{{ cart.item_count }}</span>)</a>
  </nav>{% endif %}
</div></header>
<main class="site-main">
{{ content_for_layout }}
</main>
<footer class="site-footer"><div class="inner">
  <span>&copy; {{ store.name }}{% if store.location != blank %} · {{ store.location }}{% endif %}</span>
  {% if store %}<span><a href="{{ links.faq }}">FAQ</a> · <a href="{{ links.contact }}">Contact</a></span>{% endif %}
</div></footer>
</body>
</html>
`;

const CART = `<h1>Your cart</h1>
{% if cart.empty %}
<p id="cart-empty">Your cart is empty. <a href="{{ links.home }}">Keep shopping</a></p>
{% else %}
<table class="lines" id="cart-items">
  <thead><tr><th>Product</th><th>Price</th><th>Quantity</th><th class="num">Total</th><th></th></tr></thead>
  <tbody>
  {% for item in cart.items %}
  <tr class="cart-item" data-variant-id="{{ item.variant_id }}">
    <td><a href="{{ item.url }}">{{ item.name }}</a>{% unless item.is_default_variant %} — {{ item.variant_name }}{% endunless %}
      {% unless item.available %}<div class="field-error">Only {{ item.in_stock }} available</div>{% endunless %}</td>
    <td>{{ item.cents | money }}</td>
    <td>
      <form method="post" action="{{ base }}/cart">
        <input type="hidden" name="csrf_token" value="{{ csrf_token }}">
        <input type="hidden" name="variant_id" value="{{ item.variant_id }}">
        <input type="hidden" name="action" value="set">
        <label class="visually-hidden" for="quantity-{{ item.variant_id }}" hidden>Quantity</label>
        <input type="number" name="quantity" id="quantity-{{ item.variant_id }}" min="0" value="{{ item.quantity }}">
        <button type="submit" class="secondary" id="update-{{ item.variant_id }}">Update</button>
      </form>
    </td>
    <td class="num">{{ item.line_cents | money }}</td>
    <td>
      <form method="post" action="{{ base }}/cart">
        <input type="hidden" name="csrf_token" value="{{ csrf_token }}">
        <input type="hidden" name="variant_id" value="{{ item.variant_id }}">
        <input type="hidden" name="quantity" value="0">
        <input type="hidden" name="action" value="remove">
        <button type="submit" class="secondary" id="remove-{{ item.variant_id }}">Remove</button>
      </form>
    </td>
  </tr>
  {% endfor %}
  </tbody>
</table>
<div class="totals"><div class="total"><span>Subtotal</span><span id="cart-subtotal">{{ cart.subtotal_cents | money }}</span></div></div>
<p style="text-align:right;margin-top:18px"><a class="button" id="checkout-link" href="{{ links.checkout }}">Check out</a></p>
{% endif %}
`;

/** One checkout input: refilled from what the buyer typed, its error (keyed `address.city` for `address[city]`) beside it. */
const FIELD = (name: string, id: string, label: string, type: string, extra = '') => {
  const errorKey = name.replace(/\[([^\]]*)\]/g, '.$1');
  return `<div class="field">
        <label for="${id}">${label}</label>
        <input type="${type}" name="${name}" id="${id}" value="{{ checkout.form["${name}"] }}"${extra}>
        {% if checkout.errors["${errorKey}"] %}<div class="field-error" id="${id}-error">{{ checkout.errors["${errorKey}"] }}</div>{% endif %}
      </div>`;
};

// A refusal shows even with nothing left to buy (lines the site no longer shows): the buyer learns why.
const CHECKOUT = `<h1>Checkout</h1>
{% if checkout.error != blank or checkout.has_errors %}<div class="error-summary" id="checkout-error" role="alert">
  {% if checkout.error != blank %}<p>{{ checkout.error }}</p>{% endif %}
  {% if checkout.field_errors.size > 0 %}<ul>{% for e in checkout.field_errors %}<li>{{ e.field }}: {{ e.message }}</li>{% endfor %}</ul>{% endif %}
</div>{% endif %}
{% if cart.empty %}
<p id="cart-empty">Your cart is empty. <a href="{{ links.home }}">Keep shopping</a></p>
{% else %}
<div class="checkout">
  <form method="post" action="{{ base }}/checkout" id="checkout-form">
    <input type="hidden" name="csrf_token" value="{{ csrf_token }}">
    {% for item in cart.items %}<input type="hidden" name="items[{{ forloop.index0 }}][variant_id]" value="{{ item.variant_id }}"><input type="hidden" name="items[{{ forloop.index0 }}][quantity]" value="{{ item.quantity }}">
    {% endfor %}
    <fieldset style="border:0;padding:0;margin:0 0 8px">
      <legend style="font-weight:700;margin-bottom:10px">Contact</legend>
      ${FIELD('email', 'email', 'Email', 'text', ' autocomplete="email" inputmode="email"')}
    </fieldset>
    <fieldset style="border:0;padding:0;margin:0 0 8px">
      <legend style="font-weight:700;margin-bottom:10px">Shipping address</legend>
      ${FIELD('address[name]', 'address_name', 'Full name', 'text', ' autocomplete="name"')}
      ${FIELD('address[address_1]', 'address_address_1', 'Address', 'text', ' autocomplete="address-line1"')}
      ${FIELD('address[address_2]', 'address_address_2', 'Apartment, suite (optional)', 'text', ' autocomplete="address-line2"')}
      <div class="row">
      ${FIELD('address[city]', 'address_city', 'City', 'text', ' autocomplete="address-level2"')}
      ${FIELD('address[state]', 'address_state', 'State / region', 'text', ' autocomplete="address-level1"')}
      </div>
      <div class="row">
      ${FIELD('address[postal]', 'address_postal', 'Postal code', 'text', ' autocomplete="postal-code"')}
      ${FIELD('address[country]', 'address_country', 'Country (2-letter code, e.g. US)', 'text', ' autocomplete="country" maxlength="2"')}
      </div>
    </fieldset>
    <div class="field">
      <label for="user_note">Note to the seller (optional)</label>
      <textarea name="user_note" id="user_note" rows="3">{{ checkout.form["user_note"] }}</textarea>
      {% if checkout.errors["user_note"] %}<div class="field-error" id="user_note-error">{{ checkout.errors["user_note"] }}</div>{% endif %}
    </div>
    <fieldset style="border:0;padding:0;margin:0 0 8px">
      <legend style="font-weight:700;margin-bottom:10px">Payment</legend>
      ${FIELD('payment_token', 'payment_token', 'Payment token', 'text', ' autocomplete="off"')}
    </fieldset>
    {% if checkout.errors["items"] %}<div class="field-error" id="items-error">{{ checkout.errors["items"] }}</div>{% endif %}
    <button type="submit" id="place-order">Place order</button>
  </form>
  <aside>
    <h2 style="font-size:1.2rem">Order summary</h2>
    <table class="lines" id="checkout-items">
      <tbody>{% for item in cart.items %}<tr><td>{{ item.name }}{% unless item.is_default_variant %} — {{ item.variant_name }}{% endunless %} × {{ item.quantity }}</td><td class="num">{{ item.line_cents | money }}</td></tr>{% endfor %}</tbody>
    </table>
    <div class="totals"><div class="total"><span>Subtotal</span><span>{{ cart.subtotal_cents | money }}</span></div></div>
    <p style="color:#666;font-size:.9rem">Shipping and tax are added when the order is placed.</p>
  </aside>
</div>
{% endif %}
`;

const CONFIRMATION = `<div id="order-confirmation">
<h1>Thank you for your order!</h1>
<p>Order <strong id="order-id">#{{ order.id }}</strong> is <strong id="order-status">{{ order.status }}</strong>{% if order.paid %} and paid{% endif %}.</p>
<p id="order-no-email">No e-mail is sent for this order: keep this page's address to see it again. The shop can reach you at {{ order.email }}.</p>
<table class="lines" id="order-items">
  <thead><tr><th>Item</th><th class="num">Quantity</th><th class="num">Price</th><th class="num">Total</th></tr></thead>
  <tbody>{% for item in order.items %}<tr><td>{{ item.product_name }}{% if item.variant_name != blank and item.variant_name != "Default" %} — {{ item.variant_name }}{% endif %}</td><td class="num">{{ item.quantity }}</td><td class="num">{{ item.list_price | money }}</td><td class="num">{{ item.price_in_cents | money }}</td></tr>{% endfor %}</tbody>
</table>
<div class="totals">
  <div><span>Subtotal</span><span id="order-subtotal">{{ order.subtotal | money }}</span></div>
  <div><span>Shipping{% if order.shipping_class_name != blank %} ({{ order.shipping_class_name }}){% endif %}</span><span id="order-shipping">{{ order.shipping | money }}</span></div>
  {% if order.tax > 0 %}<div><span>Tax</span><span>{{ order.tax | money }}</span></div>{% endif %}
  {% if order.discounts > 0 %}<div><span>Discounts</span><span>-{{ order.discounts | money }}</span></div>{% endif %}
  <div class="total"><span>Total</span><span id="order-total">{{ order.total | money }}</span></div>
</div>
<h2 style="font-size:1.2rem">Shipping to</h2>
<address id="order-address">{{ order.address.name }}<br>{{ order.address.address_1 }}{% if order.address.address_2 != blank %}<br>{{ order.address.address_2 }}{% endif %}<br>{{ order.address.city }}{% if order.address.state != blank %}, {{ order.address.state }}{% endif %} {{ order.address.postal }}<br>{{ order.address.country }}</address>
{% if order.user_note != blank %}<p>Your note: {{ order.user_note }}</p>{% endif %}
<p><a href="{{ links.home }}">Continue shopping</a></p>
</div>
`;

const NOT_FOUND = `<div id="not-found" style="text-align:center;padding:48px 0">
<h1>Page not found</h1>
<p>We couldn't find what you were looking for.</p>
{% if store %}<p><a class="button" href="{{ links.home }}">Back to the shop</a></p>{% endif %}
</div>
`;

const ERROR = `<div id="page-error" style="text-align:center;padding:48px 0">
<h1>This page could not be shown</h1>
<p>Something went wrong displaying this page. Please try again later.</p>
{% if store %}<p><a href="{{ links.home }}">Back to the shop</a></p>{% endif %}
</div>
`;

const UNKNOWN_STORE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop not found</title>
<style>${BASE_STYLES}</style></head>
<body><main class="site-main"><div id="not-found" style="text-align:center;padding:48px 0"><h1>Shop not found</h1><p>There is no shop at this address.</p></div></main></body></html>
`;

export const BUILT_IN_PAGES: Readonly<Record<BuiltInPageName, string>> = {
  layout: LAYOUT,
  cart: CART,
  checkout: CHECKOUT,
  confirmation: CONFIRMATION,
  not_found: NOT_FOUND,
  error: ERROR,
  unknown_store: UNKNOWN_STORE,
};
