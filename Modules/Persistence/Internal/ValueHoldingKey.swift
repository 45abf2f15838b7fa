/// A key whose value lives only in its reference (an in-memory key): mutations need not reach it.
protocol ValueHoldingKey {}
