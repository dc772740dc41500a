import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a narrow screen. The scrolling box takes keyboard focus, so
 * people who do not use a mouse can scroll it with the arrow keys (axe: scrollable-region-focusable).
 */
export function ScrollTable({
  minWidth,
  label,
  cards = false,
  children,
}: {
  minWidth: number;
  label: string;
  /** On a phone, each row becomes a card of its cells instead of scrolling (console.css). */
  cards?: boolean;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
      className={cards ? 'table-cards' : undefined}
    >
      {children}
    </Table.ScrollContainer>
  );
}
