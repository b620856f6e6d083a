// The light primitives every screen uses. Heavier Radix widgets have their own entries
// (@cardirect/ui/tabs, /dialog, /toaster) so a page downloads only what it shows.
export { cn } from './lib/cn';
export { Button, type ButtonProps } from './components/button';
export { Input, Textarea } from './components/input';
export { Select, type SelectOption } from './components/select';
export { Field, type FieldControlProps } from './components/field';
export { Card, CardHeader, CardContent } from './components/card';
export { Badge, type BadgeTone } from './components/badge';
export { Skeleton } from './components/skeleton';
export { Spinner } from './components/spinner';
export { toast, updateToast, dismissToast, useToasts, type ToastInput, type ToastItem, type ToastVariant } from './components/toast/toast-store';
export { PortalContainerProvider, usePortalContainer } from './components/portal-container';
