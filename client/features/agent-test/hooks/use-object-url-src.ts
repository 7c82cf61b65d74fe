import { useEffect, useRef } from 'react';

/**
 * Points an <img> or <audio> at a local file through an object URL, revoked when the file
 * changes or the element goes away (so recordings and images are not kept in memory).
 */
export function useObjectUrlSrc<T extends HTMLImageElement | HTMLAudioElement>(blob: Blob) {
  const element = useRef<T>(null);
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (element.current) element.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return element;
}
