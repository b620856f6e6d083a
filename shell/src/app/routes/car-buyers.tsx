export default function Route() {
  return <h1>car-buyers</h1>;
}
