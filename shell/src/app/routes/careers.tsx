export default function Route() {
  return <h1>careers</h1>;
}
