import type { ResolvedIdentity } from '@parley/contracts';
import { IdentityCacheService } from './identity-cache.service';

const alice: ResolvedIdentity = {
  user_id: 1,
  name: 'Alice',
  email: 'a@example.com',
  accounts: [{ id: 7, name: 'Acme', role: 'agent' }],
};
const bob: ResolvedIdentity = { user_id: 2, name: 'Bob', email: 'b@example.com', accounts: [] };

describe('IdentityCacheService', () => {
  let clock: number;
  const cache = () => new IdentityCacheService(1000, 100, 3, () => clock);

  beforeEach(() => {
    clock = 0;
  });

  it('returns a cached identity until its time is up', () => {
    const subject = cache();
    subject.set('h1', alice);
    clock = 999;
    expect(subject.get('h1')).toEqual(alice);
    clock = 1000;
    expect(subject.get('h1')).toBeUndefined();
  });

  it('remembers unknown tokens only briefly', () => {
    const subject = cache();
    subject.set('bad', null);
    expect(subject.get('bad')).toBeNull();
    clock = 100;
    expect(subject.get('bad')).toBeUndefined();
  });

  it('drops every token of a user at once', () => {
    const subject = cache();
    subject.set('h1', alice);
    subject.set('h2', alice);
    subject.set('h3', bob);
    subject.evictUser(1);
    expect(subject.get('h1')).toBeUndefined();
    expect(subject.get('h2')).toBeUndefined();
    expect(subject.get('h3')).toEqual(bob);
  });

  it('stays within its size bound by evicting the oldest entry', () => {
    const subject = cache();
    subject.set('h1', alice);
    subject.set('h2', bob);
    subject.set('h3', null);
    subject.set('h4', bob);
    expect(subject.size).toBe(3);
    expect(subject.get('h1')).toBeUndefined();
    expect(subject.get('h4')).toEqual(bob);
  });

  it('caches nothing when the time to live is zero', () => {
    const subject = new IdentityCacheService(0, 0, 10, () => clock);
    subject.set('h1', alice);
    expect(subject.get('h1')).toBeUndefined();
  });
});
