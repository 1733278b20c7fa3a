// Prints a TCP port on 127.0.0.1 that was free a moment ago: the OS picks it, we release it.
import {createServer} from 'node:net'

const server = createServer()
server.listen(0, '127.0.0.1', () => {
  const {port} = server.address()
  server.close(() => console.log(port))
})
