import { Component, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { showIslandError } from './island-error.ts';
import { catchUp } from './catch-up.ts';

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
    // Then what the visitor typed or submitted meanwhile, told as changes once this commit is done.
    const { element } = this.props;
    queueMicrotask(() => catchUp(element));
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
