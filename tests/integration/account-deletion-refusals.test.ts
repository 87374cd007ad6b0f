import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES } from '@/contracts/account-deletion';
import { payouts } from '@/server/db/schema';
import { completeDareFunding } from '@/server/modules/funding/complete-funding';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { settlePayout } from '@/server/modules/funding/payout';
import { deleteAccountRequest } from '../support/account-deletion';
import { createDare } from '../support/dares';
import { addFundedPledge, addPayoutAccount, fundingGateway } from '../support/funded-pledges';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';
import { activeDareWithPledgers, proveOverHttp } from '../support/votes';

/**
 * Issue 20 item 4's refusals, on PGlite and Postgres: a wrong password, the taker of a dare
 * under vote, a payout not yet paid (from the capture until the transfer), and the account's
 * own hold on a completed dare being collected. Each answers with its reason and leaves the
 * account as it was; once the cause is gone the same account is deleted.
 */
let t: TestApp;
let h: ReturnType<typeof fundingGateway>;
beforeAll(async () => {
  t = await createTestApp();
  h = fundingGateway(t);
});
afterAll(async () => {
  await t?.close();
});

const stillSignedIn = async (cookie: string) =>
  (await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode === 200;

describe('a refused deletion says why and changes nothing', () => {
  it('refuses a wrong password, on the login guessing budget', async () => {
    const user = await registerUser(t.app);
    const response = await deleteAccountRequest(t.app, user.cookie, 'not-my-password');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ACCOUNT_DELETION_MESSAGES.wrongPassword);
    expect(await stillSignedIn(user.cookie)).toBe(true);
    let status = 400;
    for (let i = 0; i < 8 && status === 400; i++) {
      status = (await deleteAccountRequest(t.app, user.cookie, 'still-wrong')).statusCode;
    }
    expect(status).toBe(429);
  });

  it('refuses the taker of a dare under vote', async () => {
    const { taker, dare } = await activeDareWithPledgers(t, h, 1);
    await proveOverHttp(t, taker.cookie, dare.id);
    const refused = await deleteAccountRequest(t.app, taker.cookie, taker.password);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ACCOUNT_DELETION_MESSAGES.underVote);
    expect(await stillSignedIn(taker.cookie)).toBe(true);
  });

  it('refuses while a payout to the account is not yet paid, and allows it once paid', async () => {
    const taker = await registerUser(t.app);
    const backer = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, { creatorId: taker.user.id, status: 'completed' });
    await addFundedPledge(t, h, { userId: backer.user.id, dareId: dare.id, amountCents: 2500 });
    const expectRefused = async () => {
      const response = await deleteAccountRequest(t.app, taker.cookie, taker.password);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(ACCOUNT_DELETION_MESSAGES.payoutPending);
    };
    // Completed, its holds not captured yet: the money is on its way.
    await expectRefused();
    // The backer's own deletion waits for the capture too: that hold is the taker's money.
    const backerTry = await deleteAccountRequest(t.app, backer.cookie, backer.password);
    expect(backerTry.statusCode).toBe(409);
    expect(backerTry.json().message).toBe(ACCOUNT_DELETION_MESSAGES.pledgeCollecting);

    const options = { gateway: h.gateway, now: h.now };
    await completeDareFunding(t.app.ctx, dare.id, options);
    const [waiting] = await t.app.ctx.db.select().from(payouts).where(eq(payouts.dareId, dare.id));
    expect(waiting?.status).toBe('waiting_for_account');
    await expectRefused();
    expect(await stillSignedIn(taker.cookie)).toBe(true);

    await addPayoutAccount(t, h, taker.user.id, { verified: true });
    expect((await settlePayout(t.app.ctx, dare.id, options))?.status).toBe('paid');
    const deleted = await deleteAccountRequest(t.app, taker.cookie, taker.password);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const backerDeleted = await deleteAccountRequest(t.app, backer.cookie, backer.password);
    expect(backerDeleted.statusCode, backerDeleted.body).toBe(200);
    // Paid payouts, captures and their ledger rows stay with the deleted accounts.
    const [paid] = await t.app.ctx.db.select().from(payouts).where(eq(payouts.dareId, dare.id));
    expect(paid).toMatchObject({ status: 'paid', takerId: taker.user.id });
    expect((await checkLedgerIntegrity(t.app.ctx.db, { gateway: h.gateway })).problems).toEqual([]);
  });

  it('answers 401 without a session and 400 without a password', async () => {
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await registerUser(t.app);
    const empty = await deleteAccountRequest(t.app, user.cookie, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ACCOUNT_DELETION_MESSAGES.passwordRequired);
  });
});
