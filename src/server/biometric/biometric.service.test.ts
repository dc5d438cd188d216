import { describe, expect, it } from 'vitest';
import { relyingPartyOf } from './biometric.service.ts';

describe('the relying party', () => {
  it('is the public address: its host is the RP ID, its origin the one expected', () => {
    expect(relyingPartyOf('http://localhost:8080')).toEqual({ id: 'localhost', origin: 'http://localhost:8080' });
    expect(relyingPartyOf('https://rendezvous.example/')).toEqual({ id: 'rendezvous.example', origin: 'https://rendezvous.example' });
    expect(relyingPartyOf('https://app.rendezvous.example:8443')).toEqual({ id: 'app.rendezvous.example', origin: 'https://app.rendezvous.example:8443' });
  });
});
