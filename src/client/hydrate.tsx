import { Component, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { showIslandError } from './island-error.ts';

/** Hydrates one island over its server HTML; a render error replaces that island only. */
export function mount<P extends object>(element: HTMLElement, Island: ComponentType<P>, props: P): void {
  hydrateRoot(
    element,
    <Boundary element={element}>
      <Island {...props} />
    </Boundary>,
    { onRecoverableError: (error) => console.error(error) },
  );
}

class Boundary extends Component<{ element: HTMLElement; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  componentDidMount() {
    // Hydration has committed: tests and styles can tell a live island from static HTML.
    this.props.element.setAttribute('hydrated', '');
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
    // React has unmounted the tree; draw the fallback after it lets go of the element.
    queueMicrotask(() => showIslandError(this.props.element, error));
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
