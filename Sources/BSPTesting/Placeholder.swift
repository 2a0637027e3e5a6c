import BSPCore
