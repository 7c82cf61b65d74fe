import type { WhatsappCloudOffer } from '@common/schemas/whatsapp';
import { useEffect, useRef, useState } from 'react';
import {
  pairSignup,
  readSignupMessage,
  SESSION_EVENT_WAIT_MS,
  startPairing,
  type SignupInput,
  type SignupOutcome,
  type SignupPairing,
} from '@/features/whatsapp/lib/embedded-signup';
import { loadFacebookSdk, type FacebookSdk } from '@/features/whatsapp/lib/facebook-sdk';

type SignupConfig = NonNullable<WhatsappCloudOffer['signup']>;

/**
 * Meta's Embedded Signup: loads the SDK once the buttons show (FB.login must open its popup in
 * the click itself, or the browser blocks it), opens the popup, and pairs FB.login's code with
 * the session's `message` event (lib/embedded-signup.ts) into one outcome per attempt.
 */
export function useEmbeddedSignup(
  signup: SignupConfig | null,
  onOutcome: (outcome: NonNullable<SignupOutcome>) => void,
) {
  const [sdk, setSdk] = useState<FacebookSdk | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const outcomeHandler = useRef(onOutcome);
  const [session] = useState(createSession);
  useEffect(() => {
    outcomeHandler.current = onOutcome;
  });

  const appId = signup?.appId;
  const graphVersion = signup?.graphVersion;
  useEffect(() => {
    if (!appId || !graphVersion) return;
    let live = true;
    loadFacebookSdk({ appId, graphVersion }).then(
      (loaded) => live && setSdk(loaded),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [appId, graphVersion]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const ended = readSignupMessage(event.origin, event.data);
      if (ended) session.feed({ type: 'event', event: ended });
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      session.stop();
    };
  }, [session]);

  const start = (coexistence: boolean) => {
    if (!sdk || !signup) return;
    session.begin(coexistence, (outcome) => {
      setWaiting(false);
      outcomeHandler.current(outcome);
    });
    setWaiting(true);
    sdk.login(
      (response) => session.feed({ type: 'code', code: response.authResponse?.code ?? null }),
      {
        config_id: signup.configId,
        response_type: 'code',
        override_default_response_type: true,
        extras: {
          setup: {},
          sessionInfoVersion: '3',
          ...(coexistence ? { featureType: 'whatsapp_business_app_onboarding' as const } : {}),
        },
      },
    );
  };

  return { ready: sdk !== null, loadFailed, waiting, start };
}

/** One attempt at a time: the pairing's state and its wait for the session event. */
function createSession() {
  let pairing: SignupPairing | null = null;
  let onOutcome: (outcome: NonNullable<SignupOutcome>) => void = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const feed = (input: SignupInput) => {
    if (!pairing) return;
    const step = pairSignup(pairing, input);
    pairing = step.state;
    if (step.state.code !== null && !step.state.done && timer === undefined) {
      // The code is valid 30 s: the event gets a short wait, then the code goes alone.
      timer = setTimeout(() => feed({ type: 'waited' }), SESSION_EVENT_WAIT_MS);
    }
    if (step.outcome) {
      stop();
      pairing = null;
      onOutcome(step.outcome);
    }
  };
  const begin = (coexistence: boolean, then: typeof onOutcome) => {
    stop();
    pairing = startPairing(coexistence);
    onOutcome = then;
  };
  return { begin, feed, stop };
}
