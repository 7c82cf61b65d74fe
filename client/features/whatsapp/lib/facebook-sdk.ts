/** The little of Meta's JS SDK the Embedded Signup uses (no npm types for it: typed here). */
export interface FacebookLoginResponse {
  authResponse?: { code?: string | null } | null;
  status?: string;
}

export interface FacebookLoginOptions {
  config_id: string;
  response_type: 'code';
  override_default_response_type: true;
  extras: {
    setup: Record<string, never>;
    sessionInfoVersion: '3';
    featureType?: 'whatsapp_business_app_onboarding';
  };
}

export interface FacebookSdk {
  init(options: {
    appId: string;
    autoLogAppEvents: boolean;
    xfbml: boolean;
    version: string;
  }): void;
  login(callback: (response: FacebookLoginResponse) => void, options: FacebookLoginOptions): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

export const FACEBOOK_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';

let loading: Promise<FacebookSdk> | null = null;

/**
 * Loads Meta's SDK once per page and initialises it with the operator's app. A failed load is
 * forgotten, so the next attempt tries again (a blocker, a network hiccup).
 */
export function loadFacebookSdk(config: {
  appId: string;
  graphVersion: string;
}): Promise<FacebookSdk> {
  loading ??= new Promise<FacebookSdk>((resolve, reject) => {
    const ready = (sdk: FacebookSdk) => {
      sdk.init({
        appId: config.appId,
        autoLogAppEvents: true,
        xfbml: true,
        version: config.graphVersion,
      });
      resolve(sdk);
    };
    if (window.FB) {
      ready(window.FB);
      return;
    }
    const script = document.createElement('script');
    script.src = FACEBOOK_SDK_URL;
    script.async = true;
    script.defer = true;
    script.crossOrigin = 'anonymous';
    script.onload = () => {
      if (window.FB) ready(window.FB);
      else reject(new Error('facebook sdk missing'));
    };
    script.onerror = () => reject(new Error('facebook sdk failed to load'));
    document.body.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
