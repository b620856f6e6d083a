import * as ToastPrimitive from '@radix-ui/react-toast';
import { cn } from '../../lib/cn';
// Through the package name, not a relative path: the toast queue must be the one shared
// (Module Federation singleton) instance that toast() writes to, wherever it is called.
import { dismissToast, useToasts, type ToastVariant } from '@cardirect/ui';

/** The spec's timing: a toast closes by itself after 5 s; a swipe of 50 px to the right dismisses it. */
const toastBehaviour = { durationMs: 5000, swipeThresholdPx: 50, hotkey: 'F8' } as const;

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-600 text-white',
};

/** Renders the toast queue; mount once, at the root of the page. F8 moves focus to it. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={toastBehaviour.durationMs}
      swipeDirection="right"
      swipeThreshold={toastBehaviour.swipeThresholdPx}
    >
      {toasts.map(({ id, title, description, variant = 'default', open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[state=closed]:hidden data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            variantClasses[variant],
          )}
        >
          <div className="grid gap-1">
            {title && <ToastPrimitive.Title className="font-semibold">{title}</ToastPrimitive.Title>}
            {description && <ToastPrimitive.Description className="text-sm opacity-90">{description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/*
        At the top right, under a page header of up to 4rem (the shell's is sticky): pages end their forms with their main
        action at the bottom, where a toast covered it (the decode toast over 'Continue to Details', the success toast over
        a phone's buttons). The viewport's empty padding lets taps through to the page; the toasts themselves take them.
      */}
      <ToastPrimitive.Viewport
        hotkey={[toastBehaviour.hotkey]}
        className="pointer-events-none fixed top-16 right-0 z-50 flex w-full flex-col gap-2 p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
