/** ~4 characters per token: good enough to keep the window under the model's budget. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
