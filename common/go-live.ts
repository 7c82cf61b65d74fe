// The dashboard home's go-live checklist: its steps and what `GET /api/dashboard/checklist` says.

/** The go-live checklist's steps, in the order an owner takes them. */
export const GO_LIVE_STEPS = [
  'subscription',
  'agent',
  'knowledge',
  'tested',
  'whatsapp',
  'widget',
] as const;
export type GoLiveStep = (typeof GO_LIVE_STEPS)[number];

/** GET /api/dashboard/checklist: what stands between the owner and customers being answered. */
export interface GoLiveChecklist {
  /** the agent the steps are about: the owner's furthest along (null before the first agent) */
  agent: { id: number; name: string; status: string } | null;
  done: Record<GoLiveStep, boolean>;
  /** the site the widget was last seen on, once it is installed */
  widgetOrigin: string | null;
  /** the owner has closed the "Seu agente está no ar!" card: it is never shown again */
  celebrated: boolean;
}
