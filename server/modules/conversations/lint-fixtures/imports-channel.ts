// Breaks the layer rule on purpose (server/test/eslint-config.test.ts): the conversation core
// importing a channel. The tree's lint skips lint-fixtures/.
import type { evolutionChannel } from '../../whatsapp';

export type Channel = typeof evolutionChannel;
