import { startFakeProcess } from './fake-process';

export interface FakeGatewayStats {
  /** the webhook secret the app registered at /instance/create */
  secret: string | null;
  sends: number;
  /** recipient number → epoch ms of its first sendText */
  firstSendAt: Record<string, number>;
  /** recipient number → epoch ms of its latest sendText */
  lastSendAt: Record<string, number>;
}

export interface FakeGatewayProcess {
  /** EVOLUTION_API_URL for the app */
  url: string;
  pid: number;
  stats(): Promise<FakeGatewayStats>;
  stop(): Promise<void>;
}

/** Starts bench/lib/fake-gateway-process.ts; resolves once it listens. */
export async function startFakeGatewayProcess(): Promise<FakeGatewayProcess> {
  const fake = await startFakeProcess('fake-gateway-process.ts', 'fake gateway');
  return {
    url: fake.url,
    pid: fake.pid,
    stats: async () => (await fake.ask()) as FakeGatewayStats,
    stop: () => fake.stop(),
  };
}
