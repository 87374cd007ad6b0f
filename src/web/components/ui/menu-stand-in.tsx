import type { ReactNode } from 'react';

interface MenuStandInProps {
  label: string;
  className: string;
  /** Starts the menu's download (pointing at or focusing the button). */
  onPreload: () => void;
  /** The person asked for the menu: mount it open. */
  onOpen: () => void;
  children: ReactNode;
}

/**
 * The button a lazily loaded Radix menu shows until first used (issue 14: the menu's code is
 * no part of a screen's first paint). It looks and announces like the menu's own trigger.
 */
export function MenuStandIn(props: MenuStandInProps) {
  return (
    <button
      type="button"
      aria-label={props.label}
      aria-haspopup="menu"
      aria-expanded={false}
      className={props.className}
      onPointerEnter={props.onPreload}
      onFocus={props.onPreload}
      onClick={props.onOpen}
      onKeyDown={(event) => {
        // Radix's trigger also opens on ArrowDown; Enter and Space are clicks.
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          props.onOpen();
        }
      }}
    >
      {props.children}
    </button>
  );
}
