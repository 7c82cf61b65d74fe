import { describe, expect, it } from 'vitest';
import {
  pairSignup,
  readSignupMessage,
  startPairing,
  type SignupInput,
  type SignupOutcome,
} from '@/features/whatsapp/lib/embedded-signup';

const FB = 'https://www.facebook.com';
const finish = { kind: 'finish', wabaId: '111', phoneNumberId: '222' } as const;

/** Feeds the inputs in order and returns every outcome that was not null. */
function run(coexistence: boolean, inputs: SignupInput[]): SignupOutcome[] {
  let state = startPairing(coexistence);
  const outcomes: SignupOutcome[] = [];
  for (const input of inputs) {
    const step = pairSignup(state, input);
    state = step.state;
    if (step.outcome) outcomes.push(step.outcome);
  }
  return outcomes;
}

describe('reading the Embedded Signup message', () => {
  it('reads FINISH, the Business app onboarding and CANCEL, as a string or an object', () => {
    const message = { type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH' };
    expect(
      readSignupMessage(
        FB,
        JSON.stringify({ ...message, data: { phone_number_id: '222', waba_id: '111' } }),
      ),
    ).toEqual(finish);
    expect(
      readSignupMessage('https://web.facebook.com', {
        type: 'WA_EMBEDDED_SIGNUP',
        event: 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING',
        data: { waba_id: '111' },
      }),
    ).toEqual({ kind: 'finish-app', wabaId: '111' });
    expect(
      readSignupMessage(FB, JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL' })),
    ).toEqual({ kind: 'cancel' });
  });

  it('ignores other origins, text that is not JSON, other types and a FINISH without ids', () => {
    const good = JSON.stringify({
      type: 'WA_EMBEDDED_SIGNUP',
      event: 'FINISH',
      data: { phone_number_id: '222', waba_id: '111' },
    });
    expect(readSignupMessage('https://facebook.com.evil.example', good)).toBeNull();
    expect(readSignupMessage('https://evil.example', good)).toBeNull();
    expect(readSignupMessage(FB, 'cb=f1&domain=x')).toBeNull();
    expect(readSignupMessage(FB, 'null')).toBeNull();
    expect(readSignupMessage(FB, JSON.stringify({ type: 'OTHER', event: 'FINISH' }))).toBeNull();
    expect(
      readSignupMessage(FB, JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH' })),
    ).toBeNull();
  });
});

describe('pairing the code with the session event', () => {
  it('connects once both are known, whichever comes first', () => {
    const body = { code: 'c0de', wabaId: '111', phoneNumberId: '222', coexistence: false };
    expect(
      run(false, [
        { type: 'code', code: 'c0de' },
        { type: 'event', event: finish },
      ]),
    ).toEqual([{ kind: 'connect', body }]);
    expect(
      run(false, [
        { type: 'event', event: finish },
        { type: 'code', code: 'c0de' },
        { type: 'waited' },
      ]),
    ).toEqual([{ kind: 'connect', body }]);
  });

  it('waits for the event, then connects with the code alone and the chosen way', () => {
    let step = pairSignup(startPairing(true), { type: 'code', code: 'c0de' });
    expect(step.outcome).toBeNull();
    step = pairSignup(step.state, { type: 'waited' });
    expect(step.outcome).toEqual({ kind: 'connect', body: { code: 'c0de', coexistence: true } });
    // A late event changes nothing: the code was already posted.
    expect(pairSignup(step.state, { type: 'event', event: finish }).outcome).toBeNull();
  });

  it('takes the Business app onboarding as coexistence with only the WABA', () => {
    expect(
      run(false, [
        { type: 'event', event: { kind: 'finish-app', wabaId: '111' } },
        { type: 'code', code: 'c0de' },
      ]),
    ).toEqual([{ kind: 'connect', body: { code: 'c0de', wabaId: '111', coexistence: true } }]);
  });

  it('cancels once when the popup is closed, by its event or a login without a code', () => {
    expect(
      run(false, [
        { type: 'event', event: { kind: 'cancel' } },
        { type: 'code', code: null },
      ]),
    ).toEqual([{ kind: 'cancel' }]);
    expect(run(true, [{ type: 'code', code: null }, { type: 'waited' }])).toEqual([
      { kind: 'cancel' },
    ]);
  });

  it('does not connect before a code, however long it waits', () => {
    expect(run(false, [{ type: 'waited' }, { type: 'event', event: finish }])).toEqual([]);
  });
});
