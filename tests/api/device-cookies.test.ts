/**
 * A stranger failing from many addresses must not keep a password-only account's owner out of the browser
 * they always use (issue 45; docs/decisions/109-device-cookies.md): a browser that signed in before holds a
 * device cookie, and is held only by its own failures, while the account's hold stands for every other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, signedInUser, type TestApp } from '../support/app';

let t: TestApp;
// The per-address limit (docs/decisions/004-login-rate-limit.md) is set out of the way: what is measured is the per-account throttle.
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '100000' });
});
afterAll(() => t.close());

const HELD = { message: 'Too many attempts. Please wait 1 minute and try again.' };

let nextAddress = 0;
const freshAddress = () => `198.51.100.${++nextAddress}`;

/** Strangers type a wrong password for the account from ten addresses, one each: the account is held. */
async function heldByStrangers(username: string) {
  for (let i = 0; i < 10; i++) {
    const res = await client(t.app, freshAddress()).post('/api/login', { username, password: `guess ${i}` });
    expect(res.statusCode).toBe(401);
  }
  const anyone = client(t.app, freshAddress());
  expect((await anyone.post('/api/login', { username, password: 'guess 10' })).json()).toEqual(HELD);
}

/** Someone with only a password who signed in in their browser and signed out: it keeps its device cookie. */
async function ownerSignedOut() {
  const u = await signedInUser(t.app);
  expect((await u.client.post('/api/logout')).statusCode).toBe(200);
  expect([...u.client.jar.keys()]).toContain('cn_device');
  return u;
}

describe('a browser that signed in before', () => {
  it('signs its owner in with the right password while strangers hold the account; a new browser is still refused', async () => {
    const u = await ownerSignedOut();
    await heldByStrangers(u.username);

    const known = await u.client.post('/api/login', { username: u.username, password: u.password });
    expect(known.statusCode, known.body).toBe(200);
    expect((await u.client.get('/api/user')).json()).toMatchObject({ username: u.username });

    const stranger = client(t.app, freshAddress());
    const refused = await stranger.post('/api/login', { username: u.username, password: u.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(HELD);
    expect((await stranger.get('/api/user')).statusCode).toBe(401);
  });

  it('is no help for another account: its device cookie names the one it signed in to; a forged one names none', async () => {
    const owner = await ownerSignedOut();
    const neighbour = await ownerSignedOut();
    await heldByStrangers(owner.username);

    const other = await neighbour.client.post('/api/login', {
      username: owner.username,
      password: owner.password,
    });
    expect(other.json()).toEqual(HELD);
    const forger = client(t.app, freshAddress());
    forger.jar.set('cn_device', `v1.${'A'.repeat(16)}.${'B'.repeat(22)}.${'C'.repeat(40)}`);
    expect(
      (await forger.post('/api/login', { username: owner.username, password: owner.password })).json(),
    ).toEqual(HELD);
  });

  it('is held by its own failures: ten wrong passwords, then even the right one waits', async () => {
    const u = await ownerSignedOut();
    for (let i = 0; i < 10; i++) {
      const res = await u.client.post('/api/login', { username: u.username, password: `typo ${i}` });
      expect(res.statusCode).toBe(401);
    }
    const held = await u.client.post('/api/login', { username: u.username, password: u.password });
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual(HELD);
    expect((await u.client.get('/api/user')).statusCode).toBe(401);
  });
});
