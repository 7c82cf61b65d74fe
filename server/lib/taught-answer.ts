/**
 * The text a taught answer is stored as (the reports' unanswered questions, answered by the
 * owner): the customer's question, then the owner's answer. Retrieval finds it by the question's
 * words; the offline model says only the answer (`parseTaughtAnswer`).
 */
export const taughtAnswerText = (question: string, answer: string) =>
  `Pergunta: ${question}\nResposta: ${answer}`;

/** Whole passage only; a chunk stored before line breaks were kept has both on one line. */
const TAUGHT = /^\s*Pergunta:\s*([\s\S]+?)\s*\bResposta:\s*([\s\S]+?)\s*$/;

export function parseTaughtAnswer(text: string): { question: string; answer: string } | null {
  const match = TAUGHT.exec(text);
  return match ? { question: match[1]!, answer: match[2]! } : null;
}
