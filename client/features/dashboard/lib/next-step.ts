import { GO_LIVE_STEPS, type GoLiveChecklist, type GoLiveStep } from '@common/go-live';

/** The first step of the checklist not done yet (null when the agent is fully live). */
export function nextStep(checklist: GoLiveChecklist): GoLiveStep | null {
  return GO_LIVE_STEPS.find((step) => !checklist.done[step]) ?? null;
}
