import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { base64url, decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_TEXTS as T,
  PROFILE_PICTURE_MAX_BYTES,
  type Navigation,
  type TokenResponse,
  type User,
} from '@teamhire/shared';
import {
  bearer,
  emailsTo,
  expectRefused,
  expectSignedIn,
  getMe,
  insertUser,
  latestLinkToken,
  nextAddress,
  outboxSize,
  postLogin,
  postRefresh,
  signIn,
  type ErrorBody,
  type TestUser,
} from '../../../test/accounts-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { exists, multipart, png } from '../../../test/uploads';
import { digestToken } from '../../platform/auth/secret-tokens';

const PUBLIC_URL = 'https://teamhire.example';

describe('accounts API', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp({ PUBLIC_URL });
  });
  afterAll(() => context.close());

  async function query<Row extends object>(text: string, values: unknown[] = []): Promise<Row[]> {
    return (await context.database.pool.query<Row>(text, values)).rows;
  }

  async function userRow(id: number) {
    const [row] = await query<{
      username: string;
      email: string;
      password_hash: string;
      role: string;
      full_name: string | null;
      profile_picture_url: string | null;
      is_active: boolean;
      is_superuser: boolean;
      is_verified: boolean;
      email_verified: boolean;
    }>(
      `select username, email, password_hash, role, full_name, profile_picture_url, is_active,
        is_superuser, is_verified, email_verified from users where id = $1`,
      [id],
    );
    return row!;
  }

  async function userCount(): Promise<number> {
    const [row] = await query<{ count: string }>('select count(*) from users');
    return Number(row!.count);
  }

  async function openSessions(userId: number): Promise<number> {
    const [row] = await query<{ count: string }>(
      'select count(distinct family_id) from refresh_tokens where user_id = $1 and revoked_at is null',
      [userId],
    );
    return Number(row!.count);
  }

  function post(url: string, payload?: object, headers: Record<string, string> = {}) {
    return context.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextAddress() });
  }

  describe('POST /api/auth/register', () => {
    const register = (payload: object, headers: Record<string, string> = {}) =>
      post('/api/auth/register', payload, headers);

    /** Sends an invalid registration and checks it is refused with 422 and nothing is stored. */
    async function expectInvalid(payload: object): Promise<ErrorBody> {
      const usersBefore = await userCount();
      const emailsBefore = await outboxSize(context);
      const response = await register(payload);
      expect(response.statusCode, response.body).toBe(422);
      const body = response.json<ErrorBody>();
      expect(body.errors?.length).toBeGreaterThan(0);
      expect(await userCount()).toBe(usersBefore);
      expect(await outboxSize(context)).toBe(emailsBefore);
      return body;
    }

    it('creates a seller: 201 with the user, a strong hash, and a verification link built from PUBLIC_URL', async () => {
      const response = await register(
        { username: 'Seller_One', email: '  Seller.One@Example.COM ', password: 'secret1', role: 'SELLER' },
        // A forged Host must not end up in the emailed link.
        { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      );
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<User>();
      expect(body).toEqual({
        id: expect.any(Number) as number,
        username: 'Seller_One',
        email: 'seller.one@example.com',
        full_name: null,
        role: 'SELLER',
        is_active: true,
        is_superuser: false,
        is_verified: false,
        email_verified: false,
        profile_picture_url: null,
        verification_status: null,
        created_at: expect.any(String) as string,
      });
      expect(Math.abs(Date.parse(body.created_at) - Date.now())).toBeLessThan(60_000);
      expect(response.body).not.toContain('secret1');
      expect(response.body).not.toContain('password');

      const row = await userRow(body.id);
      expect(row.password_hash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(row.password_hash).not.toContain('secret1');

      const [email, ...others] = await emailsTo(context, 'seller.one@example.com');
      expect(others).toEqual([]);
      expect(email!.subject).toBe('Verify your TeamHire email address');
      expect(email!.text_body).toMatch(
        new RegExp(`${PUBLIC_URL.replaceAll('.', '\\.')}/verify-email\\?token=[A-Za-z0-9_-]{43}`),
      );
      expect(email!.text_body).not.toContain('evil.example');
      expect(email!.html_body).not.toContain('evil.example');

      // The link verifies the address.
      const token = await latestLinkToken(context, 'seller.one@example.com', 'verify-email');
      const verified = await post('/api/auth/verify-email', { token });
      expect(verified.statusCode, verified.body).toBe(200);
      expect((await userRow(body.id)).email_verified).toBe(true);
    });

    it('creates a buyer who can then sign in', async () => {
      const response = await register({
        username: 'buyer_one',
        email: 'buyer.one@example.com',
        password: 'buyer-pass',
        role: 'BUYER',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<User>().role).toBe('BUYER');
      const tokens = await signIn(context, 'buyer_one', 'buyer-pass');
      await expectSignedIn(context, tokens.access_token, response.json<User>().id);
    });

    it.each([['GENERAL_ADMIN'], ['TEAM_ADMIN'], ['USER'], ['buyer'], [''], [null]])(
      'refuses the role %s with 422 and stores nothing',
      async (role) => {
        const body = await expectInvalid({
          username: `role_${String(role)}`,
          email: `role-${String(role)}@example.com`,
          password: 'secret1',
          role,
        });
        expect(body.errors).toContainEqual({ path: 'body.role', message: 'Role must be SELLER or BUYER' });
      },
    );

    it('refuses a missing role with 422', async () => {
      const body = await expectInvalid({
        username: 'no_role',
        email: 'no-role@example.com',
        password: 'secret1',
      });
      expect(body.errors).toContainEqual({ path: 'body.role', message: 'Role must be SELLER or BUYER' });
    });

    const valid = { username: 'valid_name', email: 'valid@example.com', password: 'secret1', role: 'BUYER' };
    it.each([
      ['a username of 2 characters', { ...valid, username: 'ab' }, 'username', T.usernameTooShort],
      [
        'a username of 2 characters after trimming',
        { ...valid, username: '  ab  ' },
        'username',
        T.usernameTooShort,
      ],
      ['a missing username', { ...valid, username: undefined }, 'username', T.usernameRequired],
      ['an empty username', { ...valid, username: '' }, 'username', T.usernameRequired],
      ['a username with spaces', { ...valid, username: 'bad name' }, 'username', T.usernameCharacters],
      ['a password of 5 characters', { ...valid, password: '12345' }, 'password', T.passwordTooShort],
      ['a missing password', { ...valid, password: undefined }, 'password', T.passwordRequired],
      ['an empty password', { ...valid, password: '' }, 'password', T.passwordRequired],
      ['an email without @', { ...valid, email: 'valid.example.com' }, 'email', T.emailInvalid],
      ['an email without a domain', { ...valid, email: 'valid@' }, 'email', T.emailInvalid],
      ['a missing email', { ...valid, email: undefined }, 'email', T.emailRequired],
      ['an empty email', { ...valid, email: '' }, 'email', T.emailRequired],
    ])('refuses %s with its text', async (_label, payload, field, text) => {
      const body = await expectInvalid(payload);
      expect(body.detail).toBe(text);
      expect(body.errors).toContainEqual({ path: `body.${field}`, message: text });
    });

    it('uses the exact product texts', () => {
      expect(T.usernameTooShort).toBe('Username must be at least 3 characters long');
      expect(T.passwordTooShort).toBe('Password must be at least 6 characters long');
      expect(T.emailInvalid).toBe('Please enter a valid email address');
    });

    it.each([
      ['is_superuser', true],
      ['is_verified', true],
      ['is_active', false],
      ['email_verified', true],
      ['confirm_password', 'secret1'],
    ])('refuses the unknown field %s with 422 and stores nothing', async (field, value) => {
      const body = await expectInvalid({ ...valid, username: `extra_${field}`, [field]: value });
      expect(JSON.stringify(body)).toContain(field);
      expect(await query('select 1 from users where username = $1', [`extra_${field}`])).toEqual([]);
    });

    describe('a taken identity', () => {
      let existing: TestUser;
      beforeAll(async () => {
        existing = await insertUser(context, { username: 'Taken_Name', email: 'taken@example.com' });
      });

      async function expectConflict(payload: object): Promise<ErrorBody> {
        const usersBefore = await userCount();
        const emailsBefore = await outboxSize(context);
        const response = await register(payload);
        expect(response.statusCode, response.body).toBe(409);
        expect(await userCount()).toBe(usersBefore);
        expect(await outboxSize(context)).toBe(emailsBefore);
        return response.json<ErrorBody>();
      }

      it('answers 409 with the username field error, whatever the case', async () => {
        const body = await expectConflict({ ...valid, username: 'taken_NAME', email: 'fresh1@example.com' });
        expect(body).toEqual({
          code: 'username_taken',
          detail: T.usernameTaken,
          errors: [{ path: 'body.username', message: T.usernameTaken }],
        });
      });

      it('answers 409 with the email field error, whatever the case', async () => {
        const body = await expectConflict({ ...valid, username: 'fresh_name', email: 'TAKEN@Example.com' });
        expect(body).toEqual({
          code: 'email_taken',
          detail: T.emailTaken,
          errors: [{ path: 'body.email', message: T.emailTaken }],
        });
      });

      it('names both fields when both are taken', async () => {
        const body = await expectConflict({ ...valid, username: existing.username, email: existing.email });
        expect(body.errors).toEqual([
          { path: 'body.username', message: T.usernameTaken },
          { path: 'body.email', message: T.emailTaken },
        ]);
      });

      it('lets exactly one of two simultaneous registrations of one username through', async () => {
        const [first, second] = await Promise.all([
          register({ ...valid, username: 'racer', email: 'racer1@example.com' }),
          register({ ...valid, username: 'RACER', email: 'racer2@example.com' }),
        ]);
        expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 409]);
        const loser = first!.statusCode === 409 ? first! : second!;
        expect(loser.json<ErrorBody>()).toEqual({
          code: 'username_taken',
          detail: T.usernameTaken,
          errors: [{ path: 'body.username', message: T.usernameTaken }],
        });
        expect(await query('select 1 from users where lower(username) = $1', ['racer'])).toHaveLength(1);
      });
    });
  });

  describe('POST /api/auth/login', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await insertUser(context, {
        username: 'Login_User',
        email: 'login.user@example.com',
        password: 'login-pass-1',
      });
    });

    it('signs in with the username and answers the token pair', async () => {
      const response = await postLogin(context, 'Login_User', 'login-pass-1');
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TokenResponse>();
      expect(body).toEqual({
        access_token: expect.any(String) as string,
        refresh_token: expect.any(String) as string,
        token_type: 'bearer',
        expires_in: 900,
      });
      const claims = decodeJwt(body.access_token);
      expect(claims.exp! - claims.iat!).toBe(900);
      expect(claims.sub).toBe(String(user.id));
      await expectSignedIn(context, body.access_token, user.id);
    });

    it.each([
      ['the username in another case', 'LOGIN_user'],
      ['the email', 'login.user@example.com'],
      ['the email in another case', 'Login.USER@Example.com'],
      ['the username with surrounding spaces', '  Login_User '],
    ])('signs in with %s', async (_label, identifier) => {
      const tokens = await signIn(context, identifier, 'login-pass-1');
      await expectSignedIn(context, tokens.access_token, user.id);
    });

    it('accepts a form-encoded body', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          username: 'LOGIN.user@example.com',
          password: 'login-pass-1',
        }).toString(),
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode, response.body).toBe(200);
      await expectSignedIn(context, response.json<TokenResponse>().access_token, user.id);
    });

    it('gives a wrong password and an unknown user the same answer', async () => {
      const wrongPassword = await postLogin(context, 'Login_User', 'not-the-password');
      const unknownUser = await postLogin(context, 'nobody_here', 'login-pass-1');
      const unknownEmail = await postLogin(context, 'nobody@example.com', 'login-pass-1');
      for (const response of [wrongPassword, unknownUser, unknownEmail]) {
        expect(response.statusCode).toBe(401);
        expect(response.body).toBe(wrongPassword.body);
        expect(response.headers['content-type']).toBe(wrongPassword.headers['content-type']);
      }
      expect(wrongPassword.json()).toEqual({ code: 'unauthorized', detail: T.invalidCredentials });
    });

    it('answers 403 for a deactivated account only when the password is right', async () => {
      const inactive = await insertUser(context, { isActive: false });
      const right = await postLogin(context, inactive.username, inactive.password);
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({ code: 'forbidden', detail: T.accountInactive });
      const wrong = await postLogin(context, inactive.username, 'wrong-password');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ code: 'unauthorized', detail: T.invalidCredentials });
      expect(await openSessions(inactive.id)).toBe(0);
    });

    it.each([
      [{ password: 'x' }, 'username', T.identifierRequired],
      [{ username: '   ', password: 'x' }, 'username', T.identifierRequired],
      [{ username: 'Login_User' }, 'password', T.passwordRequired],
      [{ username: 'Login_User', password: '' }, 'password', T.passwordRequired],
    ])('refuses %j with 422', async (payload, field, text) => {
      const response = await post('/api/auth/login', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors).toContainEqual({ path: `body.${field}`, message: text });
    });

    it('refuses the 11th failure from one address within 15 minutes, even with a right password', async () => {
      const address = '203.0.113.10';
      const victims = await Promise.all(Array.from({ length: 11 }, () => insertUser(context)));
      // One failure for each of ten accounts: only the address reaches its limit.
      for (const victim of victims.slice(0, 10)) {
        const response = await postLogin(context, victim.username, 'wrong-password', address);
        expect(response.statusCode).toBe(401);
      }
      const blocked = await postLogin(context, victims[10]!.username, victims[10]!.password, address);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json<ErrorBody>().detail).toMatch(/^Too many attempts/);
      expect(await openSessions(victims[10]!.id)).toBe(0);
      // The accounts themselves are not locked: from another address they sign in.
      const elsewhere = await postLogin(context, victims[0]!.username, victims[0]!.password, '203.0.113.11');
      expect(elsewhere.statusCode).toBe(200);
    });

    it('refuses the 11th failure of one account from one address, and not the owner elsewhere', async () => {
      const target = await insertUser(context);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const response = await postLogin(context, target.username, 'wrong-password', '192.0.2.50');
        expect(response.statusCode).toBe(401);
      }
      const blocked = await postLogin(context, target.username, target.password, '192.0.2.50');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('900');
      // Ten wrong passwords from one address do not lock the owner out of the account.
      const owner = await postLogin(context, target.username, target.password, '192.0.2.51');
      expect(owner.statusCode, owner.body).toBe(200);
    });

    it('counts parallel wrong passwords before hashing: at most 10 of 30 are checked', async () => {
      const target = await insertUser(context);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => postLogin(context, target.username, 'wrong-password', '192.0.2.60')),
      );
      const statuses = answers.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20);
      // From elsewhere, the same account still answers a wrong password with 401: only the pair is full.
      expect((await postLogin(context, target.username, 'wrong-password', '192.0.2.61')).statusCode).toBe(
        401,
      );
    });

    it('slows a guesser spread over many addresses, but lets the owner in from a known address', async () => {
      const target = await insertUser(context);
      const home = '198.51.100.250';
      expect((await postLogin(context, target.username, target.password, home)).statusCode).toBe(200);
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const identifier = attempt % 2 === 0 ? target.username : target.email.toUpperCase();
        const response = await postLogin(context, identifier, 'wrong-password', `198.51.100.${attempt + 1}`);
        expect(response.statusCode).toBe(401);
      }
      const sessionsBefore = await openSessions(target.id);
      const blocked = await postLogin(context, target.email, target.password, '198.51.100.200');
      expect(blocked.statusCode).toBe(429);
      expect(await openSessions(target.id)).toBe(sessionsBefore);
      // The owner, from an address they signed in from before, is not held back by the guesser.
      expect((await postLogin(context, target.username, target.password, home)).statusCode).toBe(200);
      // That address is not blocked for someone else.
      const other = await insertUser(context);
      const fine = await postLogin(context, other.username, other.password, '198.51.100.200');
      expect(fine.statusCode).toBe(200);
      // Failures older than the window no longer count.
      await query(`update rate_limit_hits set created_at = now() - interval '16 minutes' where key = $1`, [
        `user:${target.id}`,
      ]);
      const later = await postLogin(context, target.username, target.password, '198.51.100.201');
      expect(later.statusCode).toBe(200);
    });
  });

  describe('GET and PUT /api/auth/me', () => {
    let owner: TestUser;
    let ownerTokens: TokenResponse;
    let other: TestUser;

    beforeAll(async () => {
      owner = await insertUser(context, { role: 'SELLER', emailVerified: true });
      other = await insertUser(context, { username: 'Other_Person', email: 'other.person@example.com' });
      ownerTokens = await signIn(context, owner.username, owner.password);
    });

    const put = (payload: object, accessToken = ownerTokens.access_token) =>
      context.app.inject({ method: 'PUT', url: '/api/auth/me', payload, headers: bearer(accessToken) });

    it('answers 401 without a token', async () => {
      for (const method of ['GET', 'PUT'] as const) {
        const response = await context.app.inject({ method, url: '/api/auth/me', payload: {} });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ code: 'unauthorized', detail: T.notAuthenticated });
      }
    });

    it('returns the signed-in user without secrets', async () => {
      const response = await getMe(context, ownerTokens.access_token);
      expect(response.statusCode).toBe(200);
      expect(response.json<User>()).toMatchObject({
        id: owner.id,
        username: owner.username,
        email: owner.email,
        role: 'SELLER',
        email_verified: true,
      });
      expect(response.body).not.toContain('scrypt');
      expect(response.body).not.toContain('password');
    });

    it('changes the four fields it owns', async () => {
      const user = await insertUser(context);
      const tokens = await signIn(context, user.username, user.password);
      const response = await put(
        {
          username: 'Renamed_User',
          full_name: '  Ada Lovelace ',
          profile_picture_url: 'https://cdn.example.com/ada.png',
        },
        tokens.access_token,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<User>()).toMatchObject({
        id: user.id,
        username: 'Renamed_User',
        full_name: 'Ada Lovelace',
        profile_picture_url: 'https://cdn.example.com/ada.png',
      });
      expect(await userRow(user.id)).toMatchObject({
        username: 'Renamed_User',
        full_name: 'Ada Lovelace',
        profile_picture_url: 'https://cdn.example.com/ada.png',
        role: 'BUYER',
      });
      // A blank full name and a null picture clear them.
      const cleared = await put({ full_name: '', profile_picture_url: null }, tokens.access_token);
      expect(cleared.statusCode).toBe(200);
      expect(await userRow(user.id)).toMatchObject({ full_name: null, profile_picture_url: null });
      // The new username signs in.
      await signIn(context, 'renamed_user', user.password);
    });

    it.each([
      [{ role: 'GENERAL_ADMIN' }, 'role'],
      [{ full_name: 'Sneaky', role: 'TEAM_ADMIN' }, 'role'],
      [{ is_verified: true }, 'is_verified'],
      [{ is_superuser: true }, 'is_superuser'],
      [{ is_active: false }, 'is_active'],
      [{ email_verified: false }, 'email_verified'],
      [{ password: 'new-password' }, 'password'],
      [{ id: 1 }, 'id'],
    ])('refuses mass assignment of %j with 422 and changes nothing', async (payload, field) => {
      const before = await userRow(owner.id);
      const response = await put(payload);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().detail).toBe(`Unrecognized key: "${field}"`);
      expect(await userRow(owner.id)).toEqual(before);
      expect(before.role).toBe('SELLER');
    });

    it.each([
      [{ username: 'ab' }, 'username', T.usernameTooShort],
      [{ username: '' }, 'username', T.usernameRequired],
      [{ email: 'not-an-email' }, 'email', T.emailInvalid],
      [{ profile_picture_url: 'javascript:alert(1)' }, 'profile_picture_url', undefined],
      [{ full_name: 'x'.repeat(101) }, 'full_name', 'Full name must be at most 100 characters long'],
    ])('refuses %j with 422', async (payload, field, text) => {
      const before = await userRow(owner.id);
      const response = await put(payload);
      expect(response.statusCode, response.body).toBe(422);
      const paths = response.json<ErrorBody>().errors!.map((error) => error.path);
      expect(paths).toContain(`body.${field}`);
      if (text) expect(response.json<ErrorBody>().detail).toBe(text);
      expect(await userRow(owner.id)).toEqual(before);
    });

    it("answers 409 for someone else's username or email, whatever the case", async () => {
      const before = await userRow(owner.id);
      const username = await put({ username: 'other_PERSON' });
      expect(username.statusCode).toBe(409);
      expect(username.json()).toEqual({
        code: 'username_taken',
        detail: T.usernameTaken,
        errors: [{ path: 'body.username', message: T.usernameTaken }],
      });
      const email = await put({ email: 'Other.Person@Example.com' });
      expect(email.statusCode).toBe(409);
      expect(email.json()).toEqual({
        code: 'email_taken',
        detail: T.emailTaken,
        errors: [{ path: 'body.email', message: T.emailTaken }],
      });
      expect(await userRow(owner.id)).toEqual(before);
      expect(await userRow(other.id)).toMatchObject({ username: 'Other_Person' });
    });

    it('lets the owners keep their own username and email in another case', async () => {
      const emailsBefore = await outboxSize(context);
      const response = await put({
        username: owner.username.toUpperCase(),
        email: owner.email.toUpperCase(),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<User>()).toMatchObject({
        username: owner.username.toUpperCase(),
        email: owner.email,
        email_verified: true,
      });
      expect(await outboxSize(context)).toBe(emailsBefore);
      owner.username = owner.username.toUpperCase();
    });

    it('resets email_verified when the email changes and sends a link to the new address', async () => {
      const user = await insertUser(context, { emailVerified: true });
      const tokens = await signIn(context, user.username, user.password);
      const oldEmailsBefore = (await emailsTo(context, user.email)).length;
      const response = await put({ email: 'New.Address@Example.com' }, tokens.access_token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<User>()).toMatchObject({
        email: 'new.address@example.com',
        email_verified: false,
      });
      expect(await userRow(user.id)).toMatchObject({
        email: 'new.address@example.com',
        email_verified: false,
      });
      expect(await emailsTo(context, user.email)).toHaveLength(oldEmailsBefore);
      const token = await latestLinkToken(context, 'new.address@example.com', 'verify-email');
      const verified = await post('/api/auth/verify-email', { token });
      expect(verified.statusCode).toBe(200);
      expect((await userRow(user.id)).email_verified).toBe(true);
      // The new email signs in.
      await signIn(context, 'new.address@example.com', user.password);
    });

    it("refuses an /uploads/ path that is not the user's own current picture", async () => {
      const before = await userRow(owner.id);
      for (const url of ['/uploads/avatars/someone-else.webp', '/uploads/../../etc/passwd']) {
        const response = await put({ profile_picture_url: url });
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json<ErrorBody>().errors).toEqual([
          { path: 'body.profile_picture_url', message: expect.any(String) as string },
        ]);
      }
      expect(await userRow(owner.id)).toEqual(before);
    });
  });

  describe('access tokens', () => {
    let user: TestUser;
    let tokens: TokenResponse;
    let signingKey: Uint8Array;

    beforeAll(async () => {
      user = await insertUser(context, { role: 'SELLER' });
      tokens = await signIn(context, user.username, user.password);
      const [secret] = await query<{ value: string }>(
        `select value from app_secrets where name = 'jwt_signing_key'`,
      );
      signingKey = new TextEncoder().encode(secret!.value);
    });

    /** A token like the real one, signed with the real key, with some claims changed. */
    function forge(
      changes: { typ?: string; aud?: string; iss?: string; exp?: number; sub?: string },
      alg = 'HS256',
    ): Promise<string> {
      const real = decodeJwt(tokens.access_token);
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ typ: changes.typ ?? 'access', sid: real.sid })
        .setProtectedHeader({ alg, typ: 'JWT' })
        .setSubject(changes.sub ?? real.sub!)
        .setAudience(changes.aud ?? 'teamhire-api')
        .setIssuer(changes.iss ?? 'teamhire')
        .setIssuedAt(now - 60)
        .setExpirationTime(changes.exp ?? now + 600)
        .sign(signingKey);
    }

    it('a token forged with the real key and unchanged claims is accepted (the refusals below are meaningful)', async () => {
      await expectSignedIn(context, await forge({}), user.id);
    });

    it('refuses an expired token', async () => {
      await expectRefused(context, await forge({ exp: Math.floor(Date.now() / 1000) - 5 }));
    });

    it('refuses a token whose payload was changed after signing', async () => {
      const victim = await insertUser(context);
      const [header, , signature] = tokens.access_token.split('.');
      const payload = { ...decodeJwt(tokens.access_token), sub: String(victim.id) };
      const tampered = [header, base64url.encode(JSON.stringify(payload)), signature].join('.');
      await expectRefused(context, tampered);
    });

    it("refuses an unsigned token (alg 'none')", async () => {
      const real = decodeJwt(tokens.access_token);
      const unsigned = new UnsecuredJWT({ typ: 'access', sid: real.sid })
        .setSubject(real.sub!)
        .setAudience('teamhire-api')
        .setIssuer('teamhire')
        .setIssuedAt()
        .setExpirationTime('5m')
        .encode();
      await expectRefused(context, unsigned);
    });

    it('refuses a token signed with another algorithm or another key', async () => {
      await expectRefused(context, await forge({}, 'HS512'));
      const real = decodeJwt(tokens.access_token);
      const otherKey = await new SignJWT({ typ: 'access', sid: real.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(real.sub!)
        .setAudience('teamhire-api')
        .setIssuer('teamhire')
        .setExpirationTime('5m')
        .sign(randomBytes(48));
      await expectRefused(context, otherKey);
    });

    it.each([
      ['a token type other than access', { typ: 'refresh' }],
      ['another audience', { aud: 'teamhire-admin' }],
      ['another issuer', { iss: 'someone-else' }],
      ['a subject that is not a user id', { sub: 'admin' }],
    ])('refuses %s even with the right signature', async (_label, changes) => {
      await expectRefused(context, await forge(changes));
    });

    it('refuses a refresh token, a malformed header and another scheme', async () => {
      await expectRefused(context, tokens.refresh_token);
      for (const authorization of [
        'Bearer',
        `Basic ${tokens.access_token}`,
        `Bearer  ${tokens.access_token}`,
      ]) {
        const response = await context.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization },
        });
        expect(response.statusCode).toBe(401);
      }
    });

    it("refuses a deactivated user's valid token at once", async () => {
      const soon = await insertUser(context);
      const session = await signIn(context, soon.username, soon.password);
      await expectSignedIn(context, session.access_token, soon.id);
      await query('update users set is_active = false where id = $1', [soon.id]);
      const response = await getMe(context, session.access_token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'unauthorized', detail: T.accountInactive });
      const refreshed = await postRefresh(context, session.refresh_token);
      expect(refreshed.statusCode).toBe(401);
    });

    it('applies a role change on the next request', async () => {
      const navigation = async () => {
        const response = await context.app.inject({
          method: 'GET',
          url: '/api/navigation',
          headers: bearer(tokens.access_token),
        });
        expect(response.statusCode).toBe(200);
        return response.json<Navigation>();
      };
      expect(await navigation()).toMatchObject({ can_apply_to_teams: true, can_manage_team: false });
      await query(`update users set role = 'TEAM_ADMIN' where id = $1`, [user.id]);
      expect(await navigation()).toMatchObject({ can_apply_to_teams: false, can_manage_team: true });
      expect((await getMe(context, tokens.access_token)).json<User>().role).toBe('TEAM_ADMIN');
      await query(`update users set role = 'SELLER' where id = $1`, [user.id]);
    });
  });

  describe('POST /api/auth/refresh', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await insertUser(context);
    });

    const refresh = async (refreshToken: string): Promise<TokenResponse> => {
      const response = await postRefresh(context, refreshToken);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TokenResponse>();
    };

    async function familyOf(refreshToken: string) {
      const [row] = await query<{ family_id: string; expires_at: Date; used_at: Date | null }>(
        'select family_id, expires_at, used_at from refresh_tokens where token_hash = $1',
        [digestToken(refreshToken)],
      );
      return row!;
    }

    it('rotates: the successor works, the access token works, the used token is marked', async () => {
      const first = await signIn(context, user.username, user.password);
      const second = await refresh(first.refresh_token);
      expect(second).toEqual({
        access_token: expect.any(String) as string,
        refresh_token: expect.any(String) as string,
        token_type: 'bearer',
        expires_in: 900,
      });
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect((await familyOf(first.refresh_token)).used_at).not.toBeNull();
      expect((await familyOf(second.refresh_token)).family_id).toBe(
        (await familyOf(first.refresh_token)).family_id,
      );
      await expectSignedIn(context, second.access_token, user.id);
      const third = await refresh(second.refresh_token);
      await expectSignedIn(context, third.access_token, user.id);
      // The refresh token is stored only as its digest.
      expect(
        await query('select 1 from refresh_tokens where token_hash = $1', [third.refresh_token]),
      ).toEqual([]);
    });

    it('a used token replayed after the grace revokes the whole family', async () => {
      const elsewhere = await signIn(context, user.username, user.password);
      const first = await signIn(context, user.username, user.password);
      const second = await refresh(first.refresh_token);
      const third = await refresh(second.refresh_token);
      await query(`update refresh_tokens set used_at = now() - interval '20 seconds' where token_hash = $1`, [
        digestToken(first.refresh_token),
      ]);

      const replay = await postRefresh(context, first.refresh_token);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({
        code: 'unauthorized',
        detail: 'This session was signed out for your safety. Please log in again.',
      });
      const family = (await familyOf(first.refresh_token)).family_id;
      expect(
        await query('select 1 from refresh_tokens where family_id = $1 and revoked_at is null', [family]),
      ).toEqual([]);
      expect((await postRefresh(context, third.refresh_token)).statusCode).toBe(401);
      for (const accessToken of [first.access_token, second.access_token, third.access_token]) {
        await expectRefused(context, accessToken);
      }
      // Another session of the same user is untouched.
      await expectSignedIn(context, elsewhere.access_token, user.id);
      await refresh(elsewhere.refresh_token);
    });

    it('within the grace, parallel refreshes of one token all get the one successor pair', async () => {
      const session = await signIn(context, user.username, user.password);
      const { family_id: familyId } = await familyOf(session.refresh_token);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => postRefresh(context, session.refresh_token)),
      );
      for (const answer of answers) expect([200, 401], answer.body).toContain(answer.statusCode);
      const pairs = answers
        .filter((answer) => answer.statusCode === 200)
        .map((answer) => answer.json<TokenResponse>());
      expect(pairs.length).toBeGreaterThan(0);
      for (const pair of pairs) expect(pair).toEqual(pairs[0]);
      // One successor: the session has exactly one refresh token that was never used.
      const unused = await query<{ token_hash: string }>(
        'select token_hash from refresh_tokens where family_id = $1 and used_at is null and revoked_at is null',
        [familyId],
      );
      expect(unused).toEqual([{ token_hash: digestToken(pairs[0]!.refresh_token) }]);
      await expectSignedIn(context, pairs[0]!.access_token, user.id);
      await expectSignedIn(context, session.access_token, user.id);
      // A later replay within the grace repeats the same pair too.
      expect(await refresh(session.refresh_token)).toEqual(pairs[0]);
      await refresh(pairs[0]!.refresh_token);
    });

    it('keeps the 30-day absolute expiry through rotation and honours it', async () => {
      const session = await signIn(context, user.username, user.password);
      const { expires_at: expiresAt, family_id: familyId } = await familyOf(session.refresh_token);
      const thirtyDays = 30 * 24 * 60 * 60 * 1000;
      expect(Math.abs(expiresAt.getTime() - Date.now() - thirtyDays)).toBeLessThan(60_000);
      const next = await refresh(session.refresh_token);
      expect((await familyOf(next.refresh_token)).expires_at).toEqual(expiresAt);

      await query(`update refresh_tokens set expires_at = now() - interval '1 second' where family_id = $1`, [
        familyId,
      ]);
      const expired = await postRefresh(context, next.refresh_token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ code: 'unauthorized', detail: 'Invalid or expired refresh token' });
      await expectRefused(context, next.access_token);
    });

    it('refuses an unknown token and a missing one', async () => {
      const unknown = await postRefresh(context, 'not-a-real-refresh-token');
      expect(unknown.statusCode).toBe(401);
      const missing = await post('/api/auth/refresh', {});
      expect(missing.statusCode).toBe(422);
      expect(missing.json<ErrorBody>().detail).toBe(T.noRefreshToken);
    });
  });

  describe('POST /api/auth/logout', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await insertUser(context);
    });

    const logout = (payload: object | undefined, accessToken?: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload,
        headers: accessToken ? bearer(accessToken) : {},
      });

    it('revokes the session: its refresh and access tokens stop working, other sessions do not', async () => {
      const current = await signIn(context, user.username, user.password);
      const other = await signIn(context, user.username, user.password);
      const response = await logout({ refresh_token: current.refresh_token }, current.access_token);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      await expectRefused(context, current.access_token);
      expect((await postRefresh(context, current.refresh_token)).statusCode).toBe(401);
      await expectSignedIn(context, other.access_token, user.id);
      expect((await postRefresh(context, other.refresh_token)).statusCode).toBe(200);
    });

    it('works with the refresh token alone, and with only the access token', async () => {
      const byRefresh = await signIn(context, user.username, user.password);
      expect((await logout({ refresh_token: byRefresh.refresh_token })).statusCode).toBe(204);
      await expectRefused(context, byRefresh.access_token);

      const byAccess = await signIn(context, user.username, user.password);
      expect((await logout(undefined, byAccess.access_token)).statusCode).toBe(204);
      await expectRefused(context, byAccess.access_token);
      expect((await postRefresh(context, byAccess.refresh_token)).statusCode).toBe(401);
    });

    it('still signs out with an invalid access token', async () => {
      const session = await signIn(context, user.username, user.password);
      const response = await logout({ refresh_token: session.refresh_token }, 'not.a.token');
      expect(response.statusCode).toBe(204);
      expect((await postRefresh(context, session.refresh_token)).statusCode).toBe(401);
    });

    it("does not end someone else's session sent with one's own access token", async () => {
      const stranger = await insertUser(context);
      const strangerSession = await signIn(context, stranger.username, stranger.password);
      const mine = await signIn(context, user.username, user.password);
      expect(
        (await logout({ refresh_token: strangerSession.refresh_token }, mine.access_token)).statusCode,
      ).toBe(204);
      await expectSignedIn(context, strangerSession.access_token, stranger.id);
      await expectRefused(context, mine.access_token);
    });
  });

  describe('POST /api/auth/change-password', () => {
    let user: TestUser;
    let current: TokenResponse;
    let other: TokenResponse;

    beforeAll(async () => {
      user = await insertUser(context, { password: 'original-pass-1' });
      current = await signIn(context, user.username, user.password);
      other = await signIn(context, user.username, user.password);
    });

    const change = (payload: object, accessToken: string | null = current.access_token) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        payload,
        headers: accessToken ? bearer(accessToken) : {},
      });

    it('answers 401 without a token', async () => {
      const response = await change(
        { current_password: 'original-pass-1', new_password: 'x'.repeat(10) },
        null,
      );
      expect(response.statusCode).toBe(401);
    });

    it.each([
      [{ new_password: 'new-password-1' }, 'current_password', T.currentPasswordRequired],
      [
        { current_password: '', new_password: 'new-password-1' },
        'current_password',
        T.currentPasswordRequired,
      ],
      [
        { current_password: 'original-pass-1', new_password: 'seven77' },
        'new_password',
        T.passwordChangeTooShort,
      ],
      [{ current_password: 'original-pass-1' }, 'new_password', T.passwordRequired],
    ])('refuses %j with 422', async (payload, field, text) => {
      const before = await userRow(user.id);
      const response = await change(payload);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().errors).toContainEqual({ path: `body.${field}`, message: text });
      expect(await userRow(user.id)).toEqual(before);
    });

    it('says the new password must be at least 8 characters long', () => {
      expect(T.passwordChangeTooShort).toBe('Password must be at least 8 characters long');
    });

    it('refuses a wrong current password with 400 and signs nobody out', async () => {
      const before = await userRow(user.id);
      const response = await change({ current_password: 'wrong-password', new_password: 'new-password-1' });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().detail).toBe('Current password is incorrect');
      expect(await userRow(user.id)).toEqual(before);
      await expectSignedIn(context, other.access_token, user.id);
    });

    it('changes it: other sessions end, this one goes on; only the new password signs in', async () => {
      const response = await change({ current_password: 'original-pass-1', new_password: 'brand-new-pass' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: T.passwordChanged });
      expect((await userRow(user.id)).password_hash).toMatch(/^scrypt\$17\$/);

      await expectSignedIn(context, current.access_token, user.id);
      expect((await postRefresh(context, current.refresh_token)).statusCode).toBe(200);
      await expectRefused(context, other.access_token);
      expect((await postRefresh(context, other.refresh_token)).statusCode).toBe(401);

      expect((await postLogin(context, user.username, 'original-pass-1')).statusCode).toBe(401);
      await signIn(context, user.username, 'brand-new-pass');
    });
  });

  describe('forgot and reset password', () => {
    const forgot = (email: string, remoteAddress = nextAddress()) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress,
      });
    const reset = (token: string, newPassword: string) =>
      post('/api/auth/reset-password', { token, new_password: newPassword });

    it('answers the same for known and unknown emails and sends a link only to a known one', async () => {
      const user = await insertUser(context);
      const outboxBefore = await outboxSize(context);
      const known = await forgot(user.email.toUpperCase());
      const unknown = await forgot('no-account-here@example.com');
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ message: T.forgotSuccess });
      expect(await outboxSize(context)).toBe(outboxBefore + 1);
      const [email] = await emailsTo(context, user.email);
      expect(email!.subject).toBe('Reset your TeamHire password');
      expect(email!.text_body).toContain(`${PUBLIC_URL}/reset-password?token=`);
      expect(await emailsTo(context, 'no-account-here@example.com')).toEqual([]);
    });

    it('sends no link to a deactivated account, with the same answer', async () => {
      const inactive = await insertUser(context, { isActive: false });
      const response = await forgot(inactive.email);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: T.forgotSuccess });
      expect(await emailsTo(context, inactive.email)).toEqual([]);
    });

    it.each([
      [{}, T.forgotEmailRequired],
      [{ email: '' }, T.forgotEmailRequired],
      [{ email: 'nobody' }, T.emailInvalid],
    ])('refuses %j with 422', async (payload, text) => {
      const response = await post('/api/auth/forgot-password', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().detail).toBe(text);
    });

    it('resets once: every session ends, no tokens are returned, the new password signs in', async () => {
      const user = await insertUser(context);
      const first = await signIn(context, user.username, user.password);
      const second = await signIn(context, user.username, user.password);
      expect((await forgot(user.email)).statusCode).toBe(202);
      const token = await latestLinkToken(context, user.email, 'reset-password');

      const response = await reset(token, 'reset-pass-1');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: T.resetSuccess });
      for (const session of [first, second]) {
        await expectRefused(context, session.access_token);
        expect((await postRefresh(context, session.refresh_token)).statusCode).toBe(401);
      }
      expect(await openSessions(user.id)).toBe(0);
      // The link proved the address, so it counts as verified.
      expect((await userRow(user.id)).email_verified).toBe(true);

      const before = await userRow(user.id);
      const again = await reset(token, 'another-pass-2');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ code: 'bad_request', detail: T.resetTokenExpired });
      expect(await userRow(user.id)).toEqual(before);

      expect((await postLogin(context, user.username, user.password)).statusCode).toBe(401);
      await signIn(context, user.username, 'reset-pass-1');
    });

    it('lets only one of two simultaneous resets with one link through', async () => {
      const user = await insertUser(context);
      await forgot(user.email);
      const token = await latestLinkToken(context, user.email, 'reset-password');
      const responses = await Promise.all([reset(token, 'first-choice-1'), reset(token, 'second-choice-2')]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
      const winner = responses[0]!.statusCode === 200 ? 'first-choice-1' : 'second-choice-2';
      await signIn(context, user.username, winner);
    });

    it('refuses made-up links before paying for a password hash', async () => {
      const started = performance.now();
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, index) => reset(`made-up-link-${index}`, 'reset-pass-1')),
      );
      const elapsed = performance.now() - started;
      for (const response of responses) expect(response.statusCode).toBe(400);
      // Forty scrypt hashes (N=2^17) on libuv's four threads take seconds; forty lookups do not.
      expect(elapsed).toBeLessThan(1_000);
    });

    it('refuses an expired link and leaves the password alone', async () => {
      const user = await insertUser(context);
      await forgot(user.email);
      const token = await latestLinkToken(context, user.email, 'reset-password');
      const [row] = await query<{ expires_at: Date; created_at: Date }>(
        'select expires_at, created_at from one_time_tokens where token_hash = $1',
        [digestToken(token)],
      );
      expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeCloseTo(60 * 60 * 1000, -4);
      await query(
        `update one_time_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
        [digestToken(token)],
      );
      const before = await userRow(user.id);
      const response = await reset(token, 'reset-pass-1');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'bad_request', detail: T.resetTokenExpired });
      expect(await userRow(user.id)).toEqual(before);
    });

    it('a second request cancels the first link', async () => {
      const user = await insertUser(context);
      await forgot(user.email);
      const firstToken = await latestLinkToken(context, user.email, 'reset-password');
      await forgot(user.email);
      const secondToken = await latestLinkToken(context, user.email, 'reset-password');
      expect(secondToken).not.toBe(firstToken);
      expect((await reset(firstToken, 'reset-pass-1')).statusCode).toBe(400);
      expect((await reset(secondToken, 'reset-pass-2')).statusCode).toBe(200);
    });

    it('refuses a verification link as a reset token', async () => {
      const user = await insertUser(context);
      await post('/api/auth/send-verification', { email: user.email });
      const token = await latestLinkToken(context, user.email, 'verify-email');
      expect((await reset(token, 'reset-pass-1')).statusCode).toBe(400);
    });

    it.each([
      [{ new_password: 'reset-pass-1' }, 'token', T.resetTokenInvalid],
      [{ token: '', new_password: 'reset-pass-1' }, 'token', T.resetTokenInvalid],
      [{ token: 'abc', new_password: '12345' }, 'new_password', T.passwordTooShort],
    ])('refuses %j with 422', async (payload, field, text) => {
      const response = await post('/api/auth/reset-password', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors).toContainEqual({ path: `body.${field}`, message: text });
    });

    it('limits requests per email, for known and unknown emails alike', async () => {
      const user = await insertUser(context);
      const unknownEmail = 'limited-unknown@example.com';
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await forgot(user.email)).statusCode).toBe(202);
        expect((await forgot(unknownEmail)).statusCode).toBe(202);
      }
      const known = await forgot(user.email);
      const unknown = await forgot(unknownEmail);
      expect(known.statusCode).toBe(429);
      expect(unknown.statusCode).toBe(429);
      expect(known.body).toBe(unknown.body);
      expect(await emailsTo(context, user.email)).toHaveLength(3);
    });

    it('limits requests per address', async () => {
      const address = '203.0.113.50';
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await forgot(`per-address-${attempt}@example.com`, address)).statusCode).toBe(202);
      }
      expect((await forgot('per-address-last@example.com', address)).statusCode).toBe(429);
      expect((await forgot('per-address-last@example.com', '203.0.113.51')).statusCode).toBe(202);
    });
  });

  describe('send-verification and verify-email', () => {
    const sendVerification = (email: string) => post('/api/auth/send-verification', { email });
    const verify = (token: string) => post('/api/auth/verify-email', { token });

    it('answers the same for known and unknown emails and sends a link only to a known one', async () => {
      const user = await insertUser(context);
      const outboxBefore = await outboxSize(context);
      const known = await sendVerification(user.email);
      const unknown = await sendVerification('nobody-to-verify@example.com');
      expect(known.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ message: T.verificationSent });
      expect(await outboxSize(context)).toBe(outboxBefore + 1);
      expect(await emailsTo(context, 'nobody-to-verify@example.com')).toEqual([]);

      // An address that is already verified gets the same answer and no email.
      const verifiedUser = await insertUser(context, { emailVerified: true });
      const already = await sendVerification(verifiedUser.email);
      expect(already.body).toBe(known.body);
      expect(await emailsTo(context, verifiedUser.email)).toEqual([]);
    });

    it('verifies once: email_verified is set, the link then stops working', async () => {
      const user = await insertUser(context);
      await sendVerification(user.email);
      const token = await latestLinkToken(context, user.email, 'verify-email');
      const response = await verify(token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: T.verifySuccess });
      expect((await userRow(user.id)).email_verified).toBe(true);
      const again = await verify(token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ code: 'bad_request', detail: T.verifyTokenExpired });
    });

    it('expires after 24 hours', async () => {
      const user = await insertUser(context);
      await sendVerification(user.email);
      const token = await latestLinkToken(context, user.email, 'verify-email');
      const [row] = await query<{ expires_at: Date; created_at: Date }>(
        'select expires_at, created_at from one_time_tokens where token_hash = $1',
        [digestToken(token)],
      );
      expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeCloseTo(24 * 60 * 60 * 1000, -4);
      await query(
        `update one_time_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
        [digestToken(token)],
      );
      expect((await verify(token)).statusCode).toBe(400);
      expect((await userRow(user.id)).email_verified).toBe(false);
    });

    it('a new link cancels the previous one; a reset link does not verify', async () => {
      const user = await insertUser(context);
      await sendVerification(user.email);
      const first = await latestLinkToken(context, user.email, 'verify-email');
      await post('/api/auth/forgot-password', { email: user.email });
      const resetToken = await latestLinkToken(context, user.email, 'reset-password');
      expect((await verify(resetToken)).statusCode).toBe(400);
      await sendVerification(user.email);
      const second = await latestLinkToken(context, user.email, 'verify-email');
      expect((await verify(first)).statusCode).toBe(400);
      expect((await userRow(user.id)).email_verified).toBe(false);
      expect((await verify(second)).statusCode).toBe(200);
    });

    it.each([
      [{}, T.verifyMissingToken],
      [{ token: '  ' }, T.verifyMissingToken],
    ])('refuses %j with 422', async (payload, text) => {
      const response = await post('/api/auth/verify-email', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().detail).toBe(text);
    });

    it('refuses an unknown token with 400', async () => {
      const response = await verify('made-up-token');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'bad_request', detail: T.verifyTokenExpired });
    });

    it('limits requests per email, for known and unknown emails alike', async () => {
      const user = await insertUser(context);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await sendVerification(user.email)).statusCode).toBe(202);
        expect((await sendVerification('verify-unknown@example.com')).statusCode).toBe(202);
      }
      const known = await sendVerification(user.email);
      const unknown = await sendVerification('verify-unknown@example.com');
      expect(known.statusCode).toBe(429);
      expect(known.body).toBe(unknown.body);
      expect(await emailsTo(context, user.email)).toHaveLength(3);
    });

    it('limits requests per address, whatever the email', async () => {
      const address = '203.0.113.60';
      const fromAddress = (email: string, remoteAddress = address) =>
        context.app.inject({
          method: 'POST',
          url: '/api/auth/send-verification',
          payload: { email },
          remoteAddress,
        });
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await fromAddress(`verify-address-${attempt}@example.com`)).statusCode).toBe(202);
      }
      expect((await fromAddress('verify-address-last@example.com')).statusCode).toBe(429);
      // Another address is not held up by the first one's limit.
      expect((await fromAddress('verify-address-last@example.com', '203.0.113.61')).statusCode).toBe(202);
    });
  });

  describe('POST /api/auth/upload-profile-picture', () => {
    let user: TestUser;
    let tokens: TokenResponse;
    let avatars: string;

    beforeAll(async () => {
      user = await insertUser(context);
      tokens = await signIn(context, user.username, user.password);
      avatars = join(context.config.uploadsDir, 'avatars');
    });

    function upload(
      fileName: string,
      mimetype: string,
      content: Buffer,
      accessToken: string | null = tokens.access_token,
    ) {
      const body = multipart(fileName, mimetype, content);
      return context.app.inject({
        method: 'POST',
        url: '/api/auth/upload-profile-picture',
        payload: body.payload,
        headers: { ...body.headers, ...(accessToken ? bearer(accessToken) : {}) },
      });
    }

    const red = { r: 200, g: 40, b: 40 };

    it('removes the uploaded file when the picture is cleared or replaced by a URL', async () => {
      const uploaded = await upload('me.png', 'image/png', await png(64, 64, red));
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const url = uploaded.json<{ profile_picture_url: string }>().profile_picture_url;
      const file = join(avatars, url.split('/').at(-1)!);
      expect(await exists(file)).toBe(true);
      const cleared = await context.app.inject({
        method: 'PUT',
        url: '/api/auth/me',
        payload: { profile_picture_url: null },
        headers: bearer(tokens.access_token),
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(await exists(file)).toBe(false);
    });

    it('stores a resized WebP copy, serves it, and removes the previous one on a second upload', async () => {
      const first = await upload('me.png', 'image/png', await png(600, 400, red));
      expect(first.statusCode, first.body).toBe(200);
      const firstUrl = first.json<{ profile_picture_url: string }>().profile_picture_url;
      expect(firstUrl).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
      const firstFile = join(avatars, firstUrl.split('/').at(-1)!);
      expect(await exists(firstFile)).toBe(true);
      expect((await userRow(user.id)).profile_picture_url).toBe(firstUrl);
      expect((await getMe(context, tokens.access_token)).json<User>().profile_picture_url).toBe(firstUrl);

      const served = await context.app.inject({ method: 'GET', url: firstUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });

      // Setting the current picture again is allowed.
      const same = await context.app.inject({
        method: 'PUT',
        url: '/api/auth/me',
        payload: { profile_picture_url: firstUrl },
        headers: bearer(tokens.access_token),
      });
      expect(same.statusCode, same.body).toBe(200);

      const second = await upload('again.png', 'image/png', await png(300, 300, red));
      expect(second.statusCode, second.body).toBe(200);
      const secondUrl = second.json<{ profile_picture_url: string }>().profile_picture_url;
      expect(secondUrl).not.toBe(firstUrl);
      expect(await exists(firstFile)).toBe(false);
      expect(await exists(join(avatars, secondUrl.split('/').at(-1)!))).toBe(true);
      expect((await context.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
      expect((await userRow(user.id)).profile_picture_url).toBe(secondUrl);

      // The old path is no longer the user's own picture.
      const stale = await context.app.inject({
        method: 'PUT',
        url: '/api/auth/me',
        payload: { profile_picture_url: firstUrl },
        headers: bearer(tokens.access_token),
      });
      expect(stale.statusCode).toBe(422);
    });

    it('accepts an image of 4 MB', async () => {
      const side = 1170;
      const noise = await sharp(randomBytes(side * side * 3), {
        raw: { width: side, height: side, channels: 3 },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noise.length).toBeGreaterThan(3.9 * 1024 * 1024);
      expect(noise.length).toBeLessThan(PROFILE_PICTURE_MAX_BYTES);
      const response = await upload('noise.png', 'image/png', noise);
      expect(response.statusCode, response.body).toBe(200);
    });

    describe('refusals leave the picture and the folder as they were', () => {
      let before: { picture: string | null; files: string[] };
      beforeAll(async () => {
        before = {
          picture: (await userRow(user.id)).profile_picture_url,
          files: (await readdir(avatars)).sort(),
        };
      });
      async function expectUnchanged() {
        expect((await userRow(user.id)).profile_picture_url).toBe(before.picture);
        expect((await readdir(avatars)).sort()).toEqual(before.files);
      }

      it('refuses a text file with 415', async () => {
        const response = await upload('notes.txt', 'text/plain', Buffer.from('hello'));
        expect(response.statusCode).toBe(415);
        expect(response.json()).toEqual({
          code: 'unsupported_media_type',
          detail: 'Please select an image file',
        });
        await expectUnchanged();
      });

      it('refuses a file declared as text even when its bytes are an image', async () => {
        const response = await upload('picture.txt', 'text/plain', await png(40, 40, red));
        expect(response.statusCode).toBe(415);
        expect(response.json()).toEqual({ code: 'unsupported_media_type', detail: T.pictureNotImage });
        await expectUnchanged();
      });

      it('refuses garbage sent as image/png with 415', async () => {
        const response = await upload('fake.png', 'image/png', randomBytes(2048));
        expect(response.statusCode).toBe(415);
        expect(response.json()).toEqual({ code: 'unsupported_media_type', detail: T.pictureNotImage });
        await expectUnchanged();
      });

      it('refuses more than 5 MB with 413', async () => {
        const big = Buffer.concat([await png(10, 10, red), randomBytes(PROFILE_PICTURE_MAX_BYTES)]);
        const response = await upload('big.png', 'image/png', big);
        expect(response.statusCode).toBe(413);
        expect(response.json()).toEqual({
          code: 'payload_too_large',
          detail: 'Image size must be less than 5MB',
        });
        await expectUnchanged();
      });

      it('refuses a request without a file or not multipart', async () => {
        const json = await context.app.inject({
          method: 'POST',
          url: '/api/auth/upload-profile-picture',
          payload: { file: 'x' },
          headers: bearer(tokens.access_token),
        });
        expect(json.statusCode).toBe(415);
        await expectUnchanged();
      });

      it('answers 401 without a token', async () => {
        const response = await upload('me.png', 'image/png', await png(50, 50, red), null);
        expect(response.statusCode).toBe(401);
        await expectUnchanged();
      });
    });
  });
});
