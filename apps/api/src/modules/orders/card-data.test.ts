import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@teamhire/shared';
import { orderFixtures } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';

/** The full card number and the CVV are never stored or logged anywhere: a leak of the database or logs must not leak cards. */
describe('card details are never kept', () => {
  let context: TestContext;
  const logLines: string[] = [];
  /** Four digits that appear nowhere else in a request, so finding them quoted means the CVV leaked. */
  const cvv = '7319';

  beforeAll(async () => {
    context = await createTestApp(
      // The most talkative level: whatever any part of the server might log is captured.
      { LOG_LEVEL: 'trace' },
      {
        logStream: {
          write(line: string) {
            logLines.push(line);
          },
        },
      },
    );
  });
  afterAll(() => context.close());

  it('after purchases (paid, declined, refused) and a saved card, neither any table nor the log holds a number or the CVV', async () => {
    const fx = orderFixtures(context);
    const buyer = await fx.buyer();
    const item = await fx.createPackage();
    const withCard = (number: string) => {
      const payload = fx.cardPayload(item, number);
      return { ...payload, card: { ...payload.card!, cvv } };
    };
    expect((await fx.postOrder(buyer, withCard('4242 4242 4242 4242'))).statusCode).toBe(201);
    expect((await fx.postOrder(buyer, withCard(TEST_CARDS.declined))).statusCode).toBe(402);
    expect((await fx.postOrder(buyer, withCard(TEST_CARDS.insufficientFunds))).statusCode).toBe(402);
    expect((await fx.postOrder(buyer, withCard('4242424242424241'))).statusCode).toBe(422);
    const saved = await fx.call('POST', '/api/user/payment-methods', buyer, {
      type: 'CREDIT_CARD',
      name: 'My Visa',
      card_number: '4000 0566 5566 5556',
      cvv,
      expiry_month: 12,
      expiry_year: 2030,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json<{ last_four: string; brand: string }>()).toMatchObject({
      last_four: '5556',
      brand: 'visa',
    });

    const { rows: tables } = await context.database.pool.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    let everything = '';
    for (const { name } of tables) {
      const { rows } = await context.database.pool.query<{ row: string }>(
        `select row_to_json(t)::text as row from "${name}" t`,
      );
      everything += rows.map((row) => row.row).join('\n');
    }
    const log = logLines.join('');
    // The capture is real: the purchases were logged, just without their bodies.
    expect(log).toContain('/api/orders');
    expect(everything).toContain('"card_last_four":"4242"');

    const numbers = [
      TEST_CARDS.success,
      TEST_CARDS.declined,
      TEST_CARDS.insufficientFunds,
      '4242424242424241',
      '4000056655665556',
      '4242 4242 4242 4242',
      '4000 0566 5566 5556',
    ];
    for (const [where, text] of [
      ['database', everything],
      ['log', log],
    ] as const) {
      for (const number of numbers) expect(text, `${number} in the ${where}`).not.toContain(number);
      expect(text, `the CVV in the ${where}`).not.toContain(`"${cvv}"`);
      expect(text.toLowerCase(), `a cvv field in the ${where}`).not.toContain('"cvv"');
      expect(text, `a card_number field in the ${where}`).not.toContain('"card_number"');
    }
  });
});
