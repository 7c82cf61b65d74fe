import { startFakeProcess } from './fake-process';

export interface FakeOpenAIProcess {
  /** OPENAI_BASE_URL for the app */
  url: string;
  pid: number;
  /** the provider's own time per request since the last call, by path */
  takeTimings(): Promise<{ path: string; ms: number }[]>;
  stop(): Promise<void>;
}

/** Starts bench/lib/fake-openai-process.ts; resolves once it listens. */
export async function startFakeOpenAIProcess(): Promise<FakeOpenAIProcess> {
  const fake = await startFakeProcess('fake-openai-process.ts', 'fake OpenAI server');
  return {
    url: fake.url,
    pid: fake.pid,
    takeTimings: async () =>
      ((await fake.ask()) as { timed: { path: string; ms: number }[] }).timed,
    stop: () => fake.stop(),
  };
}
