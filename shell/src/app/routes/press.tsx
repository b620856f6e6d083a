export default function Route() {
  return <h1>press</h1>;
}
