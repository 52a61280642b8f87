// The API reference pages the product spec lists (section 2, "Routes"), by their slug under
// /docs/api/. One list for the content tests and the browser tests.
"use strict";

/** One page per operation of the REST API, grouped as in the spec. */
const OPERATIONS = {
  "Event series": `create-event-series get-all-event-series get-event-series-by-id update-event-series-by-id
    delete-event-series-by-id change-event-series-status create-event-series-event create-event-series-bundle
    update-event-series-bundle delete-event-series-bundle create-event-series-override update-event-series-override
    get-event-series-override-list get-event-series-waitlist-list delete-event-series-waitlist
    create-ticket-type-for-event-series`,
  "Events and occurrences": `get-all-events get-event-by-id get-all-event-occurrences get-event-occurrence-by-id
    update-event-occurrence-by-id delete-event-occurrence-by-id`,
  "Ticket types": "update-ticket-type-by-id delete-ticket-type-by-id",
  "Issued tickets": "create-issued-ticket get-all-issued-tickets get-issued-ticket-by-id void-issued-ticket-by-id",
  "Check-ins": "create-check-in get-check-in-list",
  Orders: "get-all-orders get-order-by-id update-order-by-id confirm-payment-recieved",
  Products: "create-product get-product-list get-product-by-id update-product-by-id delete-product-by-id",
  Vouchers: `create-voucher get-voucher-list get-voucher-by-id update-voucher-by-id delete-voucher-by-id
    get-voucher-code-list void-voucher-code-by-id`,
  Discounts: "create-discount-code get-discount-list get-discount-by-id update-discount-by-id delete-discount-by-id",
  Holds: "create-hold get-hold-list get-hold-by-id update-hold delete-hold-by-id",
  "Checkout forms": `get-checkout-form-list get-checkout-form-element-by-id
    get-checkout-form-elements-by-custom-form-id update-checkout-form-elements-by-id`,
  Misc: "get-overview ping",
};

/** One page per webhook event. */
const WEBHOOKS = `deleted-event-webhook new-event-webhook new-issued-ticket-webhook new-order-webhook
  new-waitlist-signup updated-event-webhook updated-issued-ticket-webhook updated-order-webhook`;

const words = (s) => s.trim().split(/\s+/);

/** The 62 operation slugs. */
const OPERATION_SLUGS = Object.values(OPERATIONS).flatMap(words);
/** The 8 webhook event slugs. */
const WEBHOOK_SLUGS = words(WEBHOOKS);

module.exports = { OPERATIONS, OPERATION_SLUGS, WEBHOOK_SLUGS };
