/** The header's date and time: the first 24 characters of the date string, e.g. 'Fri Mar 21 2025 15:04:05' (spec section 1). */
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { HEADER_DATE_CHARS } from '../../../shared/constants';

const now = () => new Date().toString().slice(0, HEADER_DATE_CHARS);

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
