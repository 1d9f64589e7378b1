import { describe, expect, it } from 'vitest';
import { DEFAULT_MODERATION_SETTING, matchMessageRules } from './message-rules.js';

const match = (body: string, setting = DEFAULT_MODERATION_SETTING) => matchMessageRules(body, setting);

describe('message rules', () => {
  it('leaves an ordinary message alone, dates and prices included', () => {
    expect(match('Shall we have dinner on 12-01-2025 at eight? The menu is €45.')).toBeUndefined();
    expect(match('I have 2 grandchildren and 3 cats, born in 1958.')).toBeUndefined();
    expect(match('Ik snap het wel, hoor.')).toBeUndefined();
  });

  it.each([
    ['mail me at anna.berg@example.com', 'anna.berg@example.com'],
    ['anna (at) example (dot) com', 'anna (at) example (dot) com'],
    ['call me on +31 6 1234 5678 tonight', '+31 6 1234 5678'],
    ['mijn nummer is 06-12345678', '06-12345678'],
    ['find me on www.example.org', 'www.example.org'],
    ['add me on WhatsApp', 'whatsapp'],
    ['Schreib mir auf Telegram', 'telegram'],
  ])('flags contact details in %j', (body, excerpt) => {
    expect(match(body)).toEqual({ rule: 'contact_details', excerpt });
  });

  it.each([
    ['Could you send me money for the ticket?', 'send me money'],
    ['Pay me with an iTunes card please', 'itunes card'],
    ['Kannst du mir eine Überweisung machen?', 'uberweisung'],
    ['My IBAN is NL91 ABNA 0417 1643 00', 'nl91 abna 0417 1643 00'],
    ['Western Union is easiest', 'western union'],
    ['Zrób mi przelew', 'przelew'],
  ])('flags a payment request in %j', (body, excerpt) => {
    expect(match(body)).toEqual({ rule: 'payment_request', excerpt });
  });

  it('names the payment request first when a message asks for money and gives a number', () => {
    expect(match('Send money via PayPal, then call 0612345678')?.rule).toBe('payment_request');
  });

  it('flags a site’s own words as whole words, whatever their case or accents', () => {
    const setting = { ...DEFAULT_MODERATION_SETTING, flag_words: ['escort', 'café noir'] };
    expect(match('I work as an ESCORT', setting)).toEqual({ rule: 'listed_word', excerpt: 'escort' });
    expect(match('Meet me at Cafe  Noir', setting)).toEqual({ rule: 'listed_word', excerpt: 'cafe  noir' });
    expect(match('Escorted by my son', setting)).toBeUndefined();
  });

  it('flags nothing a site switched off', () => {
    const off = { flag_contact_details: false, flag_payment_requests: false, flag_words: [] };
    expect(match('send me money on whatsapp +31 6 1234 5678', off)).toBeUndefined();
  });
});
