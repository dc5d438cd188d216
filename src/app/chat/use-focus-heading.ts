import { useEffect, useRef, type RefObject } from 'react';

/**
 * After a navigation, focus goes to the screen's heading (which has tabIndex -1) once it is
 * shown, so a screen reader starts there and Tab continues from the top of the new screen.
 */
export function useFocusHeading(ready: boolean): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement>(null);
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current || !heading.current) return;
    done.current = true;
    heading.current.focus({ preventScroll: true });
  }, [ready]);
  return heading;
}
