import { useCallback, useEffect, useRef, useState } from 'react';

/** The copied state of a copy button lasts 2 seconds. */
export const COPY_FEEDBACK_MS = 2000;

/** A flag that turns on when marked and back off by itself after COPY_FEEDBACK_MS. */
export function useCopyFeedback(): [boolean, () => void] {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const mark = useCallback(() => {
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  }, []);
  return [copied, mark];
}
