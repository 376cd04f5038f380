import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Stripe API, enough of it for the Stripe provider: PaymentIntents (create
 * and confirm, search by metadata), refunds, Express accounts and account links, transfers. It
 * answers in Stripe's shapes and honours the Idempotency-Key header as Stripe does (the same key
 * replays the first answer), so the tests run the official SDK against it and nothing reaches the
 * network. Customers and payment methods: attaching a test method (`pm_card_visa`) to a customer
 * makes a new `pm_...` of that customer, as Stripe does, which a PaymentIntent can then charge.
 * Test payment methods follow Stripe's names: `pm_card_visa` succeeds,
 * `pm_card_chargeDeclined` is declined, `pm_card_chargeDeclinedInsufficientFunds` lacks funds,
 * `pm_card_authenticationRequired` (4000 0025 0000 3155) waits for 3-D Secure until the test calls
 * `completeAuthentication`, as the holder's bank would.
 */

type StripeObject = Record<string, unknown> & { id: string };

interface StoredResponse {
  status: number;
  body: unknown;
}

const CARDS: Record<
  string,
  {
    brand: string;
    last4: string;
    decline?: { code: string; decline_code: string; message: string };
    /** 3-D Secure: the PaymentIntent waits in `requires_action` for the holder's authentication. */
    authenticate?: true;
  }
> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3155', authenticate: true },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe sends form-encoded bodies with bracketed keys (`metadata[order_id]=1`): kept flat here. */
async function readForm(request: IncomingMessage): Promise<Map<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Map(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function metadataOf(form: Map<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

function stripeError(status: number, error: Record<string, unknown>): StoredResponse {
  return { status, body: { error: { request_log_url: null, ...error } } };
}

export interface FakeStripe {
  endpoint: { host: string; port: number; protocol: 'http' };
  /** Every request received, in order, with its idempotency key. */
  requests: { method: string; path: string; idempotencyKey: string | undefined; form: Map<string, string> }[];
  paymentIntents: Map<string, StripeObject>;
  customers: Map<string, StripeObject>;
  /** The holder passes or fails 3-D Secure: the PaymentIntent as Stripe then has it (for a webhook). */
  completeAuthentication(intentId: string, succeeded: boolean): StripeObject;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const paymentIntents = new Map<string, StripeObject>();
  const accounts = new Map<string, StripeObject>();
  const customers = new Map<string, StripeObject>();
  /** Attached payment methods by their own id, with the test card they were made from. */
  const attached = new Map<string, { method: StripeObject; testCard: string }>();
  const byIdempotencyKey = new Map<string, StoredResponse>();
  const requests: FakeStripe['requests'] = [];

  function createPaymentIntent(form: Map<string, string>): StoredResponse {
    const paymentMethod = form.get('payment_method') ?? '';
    const saved = attached.get(paymentMethod);
    const card = saved
      ? saved.method.customer === form.get('customer')
        ? CARDS[saved.testCard]
        : undefined
      : CARDS[paymentMethod];
    if (!card) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${paymentMethod}'`,
      });
    }
    const intentId = id('pi');
    const chargeId = id('ch');
    const amount = Number(form.get('amount'));
    const currency = form.get('currency') ?? 'usd';
    const charge = {
      id: chargeId,
      object: 'charge',
      amount,
      amount_captured: card.decline ? 0 : amount,
      amount_refunded: 0,
      currency,
      created: now(),
      livemode: false,
      paid: !card.decline,
      payment_intent: intentId,
      payment_method: paymentMethod,
      payment_method_details: {
        type: 'card',
        card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034, funding: 'credit' },
      },
      status: card.decline ? 'failed' : 'succeeded',
      transfer_group: form.get('transfer_group') ?? null,
      failure_code: card.decline?.code ?? null,
      failure_message: card.decline?.message ?? null,
    };
    const intent: StripeObject = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: card.decline ? 0 : amount,
      currency,
      created: now(),
      customer: form.get('customer') ?? null,
      description: form.get('description') ?? null,
      livemode: false,
      metadata: metadataOf(form),
      payment_method: paymentMethod,
      transfer_group: form.get('transfer_group') ?? null,
      status: card.decline ? 'requires_payment_method' : card.authenticate ? 'requires_action' : 'succeeded',
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      next_action: card.authenticate ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
      latest_charge: form.get('expand[0]') === 'latest_charge' ? charge : chargeId,
      last_payment_error: card.decline
        ? { type: 'card_error', ...card.decline, charge: chargeId, payment_method: { id: paymentMethod } }
        : null,
    };
    paymentIntents.set(intentId, { ...intent, latest_charge: charge });
    if (card.decline) {
      return stripeError(402, {
        type: 'card_error',
        ...card.decline,
        charge: chargeId,
        payment_intent: intent,
      });
    }
    return { status: 200, body: intent };
  }

  const noSuchMethod = (methodId: string) =>
    stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'payment_method',
      message: `No such PaymentMethod: '${methodId}'`,
    });

  function paymentMethodObject(methodId: string, testCard: string, customer: string | null): StripeObject {
    const card = CARDS[testCard]!;
    return {
      id: methodId,
      object: 'payment_method',
      type: 'card',
      customer,
      created: now(),
      livemode: false,
      metadata: {},
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: 2034,
        funding: 'credit',
        country: 'US',
      },
    };
  }

  function attachPaymentMethod(methodId: string, form: Map<string, string>): StoredResponse {
    const customer = form.get('customer') ?? '';
    if (!customers.has(customer)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'customer',
        message: `No such customer: '${customer}'`,
      });
    }
    const existing = attached.get(methodId);
    if (existing) {
      if (existing.method.customer === customer) return { status: 200, body: existing.method };
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_method_unexpected_state',
        message: 'The payment method you provided has already been attached to a customer.',
      });
    }
    if (!CARDS[methodId]) return noSuchMethod(methodId);
    const method = paymentMethodObject(id('pm'), methodId, customer);
    attached.set(method.id, { method, testCard: methodId });
    return { status: 200, body: method };
  }

  function searchPaymentIntents(query: string): StoredResponse {
    const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query);
    const data = match
      ? [...paymentIntents.values()].filter(
          (intent) => (intent.metadata as Record<string, string>)[match[1]!] === match[2],
        )
      : [];
    return {
      status: 200,
      body: {
        object: 'search_result',
        data,
        has_more: false,
        next_page: null,
        url: '/v1/payment_intents/search',
      },
    };
  }

  function route(
    method: string,
    path: string,
    form: Map<string, string>,
    query: URLSearchParams,
  ): StoredResponse {
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(form);
    if (method === 'GET' && path === '/v1/payment_intents/search')
      return searchPaymentIntents(query.get('query') ?? '');
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: form.get('email') ?? null,
        metadata: metadataOf(form),
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    const attachMatch = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    if (method === 'POST' && attachMatch) return attachPaymentMethod(attachMatch[1]!, form);
    const methodMatch = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (method === 'GET' && methodMatch) {
      const methodId = methodMatch[1]!;
      const saved = attached.get(methodId);
      if (saved) return { status: 200, body: saved.method };
      return CARDS[methodId]
        ? { status: 200, body: paymentMethodObject(methodId, methodId, null) }
        : noSuchMethod(methodId);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          amount: Number(form.get('amount')),
          currency: 'usd',
          payment_intent: form.get('payment_intent') ?? null,
          status: 'succeeded',
          created: now(),
        },
      };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: id('acct'),
        object: 'account',
        type: form.get('type') ?? 'express',
        email: form.get('email') ?? null,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        metadata: metadataOf(form),
        created: now(),
      };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && accountMatch) {
      const account = accounts.get(accountMatch[1]!);
      return account
        ? { status: 200, body: account }
        : stripeError(404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such account',
          });
    }
    if (method === 'POST' && path === '/v1/account_links') {
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `https://connect.stripe.test/setup/e/${form.get('account')}`,
        },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      return {
        status: 200,
        body: {
          id: id('tr'),
          object: 'transfer',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          destination: form.get('destination'),
          transfer_group: form.get('transfer_group') ?? null,
          created: now(),
          livemode: false,
        },
      };
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const form = await readForm(request);
    const method = request.method ?? 'GET';
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method, path: url.pathname, idempotencyKey, form });
    let answer: StoredResponse;
    // As Stripe: a POST repeated with its key gets the first answer, whatever it was.
    const remembered = method === 'POST' && idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
    if (remembered) answer = remembered;
    else {
      answer = route(method, url.pathname, form, url.searchParams);
      if (method === 'POST' && idempotencyKey) byIdempotencyKey.set(idempotencyKey, answer);
    }
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      ...(remembered ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(JSON.stringify(answer.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    paymentIntents,
    customers,
    completeAuthentication(intentId, succeeded) {
      const intent = paymentIntents.get(intentId)!;
      const updated: StripeObject = succeeded
        ? { ...intent, status: 'succeeded', amount_received: intent.amount, next_action: null }
        : {
            ...intent,
            status: 'requires_payment_method',
            next_action: null,
            last_payment_error: {
              type: 'card_error',
              code: 'payment_intent_authentication_failure',
              message: 'The provided PaymentMethod has failed authentication.',
            },
          };
      paymentIntents.set(intentId, updated);
      return updated;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
