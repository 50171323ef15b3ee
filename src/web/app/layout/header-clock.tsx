/**
 * The header's date and time (spec section 1: the date string's first 24 characters, e.g. 'Fri Mar
 * 21 2025 15:04:05'), in the society's time zone: staff work in the society's time, wherever the
 * browser thinks it is.
 */
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatClock } from '../../../shared/format/dates';

const now = () => formatClock(new Date());

export function HeaderClock() {
  const [text, setText] = useState(now);
  useEffect(() => {
    const timer = window.setInterval(() => setText(now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Text size="sm" c="dimmed" ff="monospace" aria-label="Current date and time" visibleFrom="sm">
      {text}
    </Text>
  );
}
