import { recordEvent } from './store/store-instances';
import {
  type ChannelLog,
  metaOf,
  type ConversationRow,
  type PipelineTarget,
} from '../../conversations';

/** The WhatsApp channel's log of who answers: a 'takeover' or 'resume' event of the instance. */
export const instanceLog =
  (target: Pick<PipelineTarget, 'instanceName' | 'agentId'>): ChannelLog =>
  (db, type, detail) =>
    recordEvent(db, target, type, detail);

/** Where a conversation's takeover is logged: its instance's events on WhatsApp, else nowhere. */
export function whatsappTakeoverLog(
  row: Pick<ConversationRow, 'channel' | 'agentId' | 'metadata'>,
): ChannelLog | null {
  if (row.channel !== 'whatsapp') return null;
  return instanceLog({
    instanceName: metaOf(row).target?.instanceName ?? '',
    agentId: row.agentId,
  });
}
