// A dialog whose code loads the first time it opens, so the screen showing the button
// does not carry it. Once opened it stays mounted, so its closing transition still plays.
import { lazy, Suspense, useState, type ComponentType } from 'react';

export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true); // state from props (react.dev, "you might not need an effect")
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
