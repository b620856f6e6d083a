import { useId, useState } from 'react';

/**
 * A button that shows and hides a panel (the WAI-ARIA disclosure pattern): spread `button` on the
 * button and `panel` on what it shows; the two may sit apart in the layout.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return {
    open,
    button: { 'aria-expanded': open, 'aria-controls': panelId, onClick: () => setOpen((shown) => !shown) },
    panel: { id: panelId, hidden: !open },
  };
}
